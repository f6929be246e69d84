package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckCLI(t *testing.T) {
	dir := t.TempDir()
	tests := filepath.Join(dir, "tests.txt")
	code, _, errOut := runCLI(t, "", "check", "binim2", "--tests", "--seed", "9", "-o", tests)
	if code != 0 || !strings.Contains(errOut, "seed 9") {
		t.Fatalf("--tests: exit %d, %q", code, errOut)
	}
	input, _ := os.ReadFile(tests)
	code, right, _ := runCLI(t, string(input), "judge", "binim2")
	if code != 0 {
		t.Fatalf("judge: exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(right, "\n"), "\n")
	// Test 1 is the smallest position (`0`, Dee first); its answer
	// flipped is the smallest failure among the two wrong ones.
	flip := map[string]string{"Dee": "Dum", "Dum": "Dee"}
	lines[0], lines[len(lines)-1] = flip[lines[0]], flip[lines[len(lines)-1]]
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	okOut, badOut := write("right.txt", right), write("wrong.txt", strings.Join(lines, "\n")+"\n")
	shortOut := write("short.txt", "Dee\n")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"right by seed", []string{"--seed", "9", "--output", okOut}, 0, "All 284 answers are right."},
		{"right by input", []string{"--input", tests, "--output", okOut}, 0, "All 284 answers are right."},
		{"wrong", []string{"--seed", "9", "--output", badOut}, 1, "Test 1 (input line 2) `0` (Dee first): the answer is Dum, your output line 1 says Dee."},
		{"short", []string{"--seed", "9", "--output", shortOut}, 1, "line 2: the output ends after 1 answer"},
		{"no input", []string{"--output", okOut}, 2, ""},
		{"both", []string{"--tests", "--output", okOut}, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"check", "binim2"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, want %d; output %q (stderr %q), want %q", code, tc.code, out, errOut, tc.want)
			}
		})
	}
}
