// Command nimtutor is a temporary entry point that only runs `render`;
// the real main.go is written on another branch and replaces this file.
package main

import (
	"context"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "render" {
		fmt.Fprintln(os.Stderr, renderUsage)
		os.Exit(2)
	}
	if err := runRender(context.Background(), os.Args[2:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "nimtutor:", err)
		os.Exit(1)
	}
}
