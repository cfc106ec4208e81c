// Answers each text of in.jsonl (a JSON string: the text's bytes in
// standard base64) with what json.Unmarshal into a map[string]interface{}
// returns: the error's text, or null. Standard library only.
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var encoded string
		if err := json.Unmarshal(in.Bytes(), &encoded); err != nil {
			panic(err)
		}
		text, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil {
			panic(err)
		}
		answer := []byte("null")
		if err := json.Unmarshal(text, &map[string]interface{}{}); err != nil {
			answer, _ = json.Marshal(err.Error())
		}
		fmt.Fprintf(out, "%s\n", answer)
	}
	if err := in.Err(); err != nil {
		panic(err)
	}
}
