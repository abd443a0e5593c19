// Parses multipart bodies with Go's mime/multipart Reader and prints what it reads.
package main

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"os"
)

type testCase struct {
	ID          string `json:"id"`
	ContentType string `json:"contentType"`
	Body        string `json:"body"`
}

type part struct {
	Name        string  `json:"name"`
	Filename    *string `json:"filename"`
	ContentType *string `json:"contentType"`
	Data        string  `json:"data"`
}

func parse(c testCase) (interface{}, error) {
	_, params, err := mime.ParseMediaType(c.ContentType)
	if err != nil {
		return nil, err
	}
	file, err := os.Open(c.Body)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	reader := multipart.NewReader(file, params["boundary"])
	parts := []part{}
	for {
		p, err := reader.NextPart()
		if err == io.EOF {
			return parts, nil
		}
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, err
		}
		entry := part{Name: p.FormName(), Data: base64.StdEncoding.EncodeToString(data)}
		if _, dispositionParams, err := mime.ParseMediaType(p.Header.Get("Content-Disposition")); err == nil {
			if _, ok := dispositionParams["filename"]; ok {
				name := p.FileName()
				entry.Filename = &name
			}
		}
		if values, ok := p.Header["Content-Type"]; ok && len(values) > 0 {
			entry.ContentType = &values[0]
		}
		parts = append(parts, entry)
	}
}

func main() {
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var manifest struct {
		Cases []testCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		panic(err)
	}
	results := map[string]interface{}{}
	for _, c := range manifest.Cases {
		parsed, err := parse(c)
		if err != nil {
			results[c.ID] = map[string]string{"error": err.Error()}
		} else {
			results[c.ID] = parsed
		}
	}
	json.NewEncoder(os.Stdout).Encode(map[string]interface{}{"go": results})
}
