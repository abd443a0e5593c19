// Streams one file part with Go's multipart.Writer to standard output.
package main

import (
	"io"
	"mime/multipart"
	"os"
)

func main() {
	file, err := os.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	defer file.Close()
	writer := multipart.NewWriter(os.Stdout)
	part, err := writer.CreateFormFile("file", "big.bin")
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(part, file); err != nil {
		panic(err)
	}
	if err := writer.Close(); err != nil {
		panic(err)
	}
}
