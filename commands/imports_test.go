package commands

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayering: the slash-command layer reaches the database and practice
// only through the use-case layer (package tutor), in its code and its
// tests alike, so a flow is one call down and one value back.
func TestLayering(t *testing.T) {
	forbidden := []string{
		"github.com/nimtutor/nimtutor/store",
		"github.com/nimtutor/nimtutor/practice",
		"github.com/nimtutor/nimtutor/play",
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, bad := range forbidden {
				if path == bad || strings.HasPrefix(path, bad+"/") {
					t.Errorf("%s imports %s; reach it through package tutor", name, path)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no Go files found in commands/")
	}
}
