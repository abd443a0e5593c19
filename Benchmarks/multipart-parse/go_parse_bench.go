// Parses a body held in memory with Go's mime/multipart, read in 64 KiB chunks, RUNS times;
// prints the best seconds and the part bytes. Usage: go_parse_bench <body> <boundary> [runs]
package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"os"
	"strconv"
	"time"
)

type chunked struct{ r io.Reader }

func (c chunked) Read(p []byte) (int, error) {
	if len(p) > 65536 {
		p = p[:65536]
	}
	return c.r.Read(p)
}

func main() {
	body, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	runs := 5
	if len(os.Args) > 3 {
		runs, _ = strconv.Atoi(os.Args[3])
	}
	best := time.Duration(1 << 62)
	var size int64
	for i := 0; i < runs; i++ {
		start := time.Now()
		reader := multipart.NewReader(chunked{bytes.NewReader(body)}, os.Args[2])
		size = 0
		for {
			part, err := reader.NextRawPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				panic(err)
			}
			n, err := io.Copy(io.Discard, part)
			if err != nil {
				panic(err)
			}
			size += n
		}
		if elapsed := time.Since(start); elapsed < best {
			best = elapsed
		}
	}
	fmt.Printf("%f %d\n", best.Seconds(), size)
}
