// Encodes test forms with Go's mime/multipart.Writer, escaping names and filenames as Go's
// CreateFormFile does (backslash before \ and "). Usage: go_encode <spec.json> <folder>; spec as
// node_peer.mjs's encode mode takes; prints {"cases": [{"id", "contentType", "body"}]}.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
)

type field struct {
	Name     string  `json:"name"`
	Value    *string `json:"value"`
	Filename *string `json:"filename"`
	Type     *string `json:"type"`
	Data     *string `json:"data"`
}

type form struct {
	ID     string  `json:"id"`
	Fields []field `json:"fields"`
}

type item struct {
	ID          string `json:"id"`
	ContentType string `json:"contentType"`
	Body        string `json:"body"`
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

func main() {
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var spec struct {
		Forms []form `json:"forms"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		panic(err)
	}
	cases := []item{}
	for _, f := range spec.Forms {
		var body bytes.Buffer
		writer := multipart.NewWriter(&body)
		for _, fd := range f.Fields {
			if fd.Filename == nil {
				if err := writer.WriteField(fd.Name, *fd.Value); err != nil {
					panic(err)
				}
				continue
			}
			header := textproto.MIMEHeader{}
			header.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`,
				quoteEscaper.Replace(fd.Name), quoteEscaper.Replace(*fd.Filename)))
			header.Set("Content-Type", *fd.Type)
			part, err := writer.CreatePart(header)
			if err != nil {
				panic(err)
			}
			data, _ := base64.StdEncoding.DecodeString(*fd.Data)
			part.Write(data)
		}
		writer.Close()
		path := filepath.Join(os.Args[2], f.ID+".go.multipart")
		if err := os.WriteFile(path, body.Bytes(), 0o644); err != nil {
			panic(err)
		}
		cases = append(cases, item{f.ID, writer.FormDataContentType(), path})
	}
	out, _ := json.Marshal(map[string][]item{"cases": cases})
	os.Stdout.Write(out)
}
