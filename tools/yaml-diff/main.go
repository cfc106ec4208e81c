// Reads the cases of gen.py (JSON lines {"category", "text"}) on stdin and
// writes, for each, how kubectl reads its text: the documents its resource
// builder gets (apimachinery's YAMLReader splits the stream, sigs.k8s.io/yaml
// converts each document to JSON, empty and null documents are skipped, as
// cli-runtime's StreamVisitor skips them) and the one document a single
// YAMLToJSON of the whole text gives. Each text is read eight times: a key
// that two spellings resolve to (1 and 1.0) keeps a random one of its values
// (Go's map order), and such a case is marked nondeterministic.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

type answer struct {
	One              *string  `json:"one,omitempty"`
	OneError         *string  `json:"one_error,omitempty"`
	Documents        []string `json:"documents"`
	DocumentsError   *string  `json:"documents_error,omitempty"`
	Nondeterministic bool     `json:"nondeterministic,omitempty"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var c struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			fmt.Fprintln(os.Stderr, "bad input line:", err)
			os.Exit(1)
		}
		first := read(c.Text)
		for i := 0; i < 7; i++ {
			again := read(c.Text)
			if !same(first, again) {
				first.Nondeterministic = true
			}
		}
		line, _ := json.Marshal(first)
		out.Write(line)
		out.WriteByte('\n')
	}
}

func read(text string) (a answer) {
	one, err := guard(func() ([]byte, error) { return yaml.YAMLToJSON([]byte(text)) })
	if err != nil {
		msg := err.Error()
		a.OneError = &msg
	} else {
		s := string(one)
		a.One = &s
	}
	docs, err := documents(text)
	if err != nil {
		msg := err.Error()
		a.DocumentsError = &msg
	} else {
		a.Documents = docs
	}
	return a
}

// documents reads a text as kubectl's resource builder does.
func documents(text string) (docs []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	r := utilyaml.NewYAMLReader(bufio.NewReader(strings.NewReader(text)))
	docs = []string{}
	for {
		doc, err := r.Read()
		if err == io.EOF {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		j, err := yaml.YAMLToJSON(doc)
		if err != nil {
			return nil, err
		}
		j = bytes.TrimSpace(j)
		if len(j) != 0 && string(j) != "null" {
			docs = append(docs, string(j))
		}
	}
}

func guard(f func() ([]byte, error)) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

func same(a, b answer) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
