package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/solver"
)

// The documentation's commands are run here, so that what the README and
// docs/ show cannot go stale. In every Markdown file of the repository
// (but deploy/README.md, whose steps .ci/deploy.sh runs as root):
//
//   - A ```console block is a transcript. "$ CMD" runs CMD through the
//     real command line in-process, in a directory of the block's own
//     (so each block starts on an empty SQLite store); the lines up to
//     the next "$" line are its output (standard output, then standard
//     error), compared after masking times, dates and random ids (see
//     masks). "> LINE" is a line typed on the command's standard input,
//     and the output after it is the output that line produced. CMD is
//     `nimtutor ARGS` (or `go run ./cmd/nimtutor ARGS`), optionally fed
//     by `echo …` or `printf …` through a pipe or by `< FILE`, or written
//     to `> FILE`; `echo …` or `printf …` written to `> FILE`; or
//     `cat FILE` / `head -n N FILE` to show a file.
//   - A ```sh block holds commands whose output is not shown: each line
//     is checked by checkCommand (nimtutor commands are run; go test
//     commands must name packages and tests that exist; scripts must
//     exist).
//   - Inline code that starts with `nimtutor `, `go test ` or a slash
//     command is checked too: a synopsis (`nimtutor hint GAME POSITION
//     [--level N]`) must name a subcommand and flags that exist, a slash
//     command a command, subcommand and options that exist, and a
//     concrete command line runs as in a sh block.
//   - A fenced block with no language, or an indented code block, must
//     not hold a "$ " line: write it as a console block so it runs.
//
// `go test ./cmd/nimtutor -run TestDocs -update` rewrites the outputs of
// the console blocks that differ (review the diff); a block whose output
// matches after masking is left as it is.

// docFiles are the Markdown files whose commands TestDocs runs.
func docFiles(tb testing.TB) []string {
	tb.Helper()
	var files []string
	err := filepath.WalkDir(repoRoot, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") && path != filepath.Join(repoRoot, "deploy", "README.md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files
}

// repoRoot is the repository's directory: the transcripts run in
// directories of their own.
var repoRoot = func() string {
	wd, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	return filepath.Clean(filepath.Join(wd, "..", ".."))
}()

// mask is one kind of text that changes from run to run, and what it
// becomes before outputs are compared.
type mask struct {
	re   *regexp.Regexp
	with string
}

// masks are applied in order to both the document's and the real output.
var masks = []mask{
	// Durations: "0.04 s", "12.3 ms", "950µs", "1.2s".
	{regexp.MustCompile(`\b\d+(\.\d+)?\s?(ns|µs|us|ms|s)\b`), "<duration>"},
	// Dates and times of stored games and answers: "23 Nov 2026 11:34".
	{regexp.MustCompile(`\b\d{1,2} [A-Z][a-z]{2} \d{4}( \d\d:\d\d)?`), "<date>"},
	// Random game ids: "Game A0EJXnwAB37W", "review A0EJXnwAB37W".
	{regexp.MustCompile(`\b(Game|game|review) [A-Za-z0-9_-]{12}\b`), "$1 <id>"},
	// Where the console writes pictures: a temporary directory.
	{regexp.MustCompile(`(Picture|Attached): (\S*/)?`), "$1: <dir>/"},
	// When a review comes due, counted from the answer a moment before.
	{regexp.MustCompile(`\bdue (now|in \d+ (second|minute|hour|day)s?)`), "due <when>"},
	// Random seeds of test files written without --seed.
	{regexp.MustCompile(`seed-\d+`), "seed-<n>"},
}

// masked applies masks to s and drops trailing spaces on each line and
// trailing blank lines.
func masked(s string) string {
	for _, m := range masks {
		s = m.re.ReplaceAllString(s, m.with)
	}
	return normalise(s)
}

// normalise drops trailing spaces on each line and blank lines at the end.
func normalise(s string) string {
	lines := strings.Split(s, "\n")
	for k, l := range lines {
		lines[k] = strings.TrimRight(l, " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// TestDocs runs every command the documentation shows; see above.
func TestDocs(t *testing.T) {
	if testing.Short() || raceEnabled {
		// The transcripts solve, search and draw: under the race detector
		// they take minutes. .ci/run runs this test without -race.
		t.Skip("runs every command of the documentation; .ci/run runs it without -race")
	}
	// As a newcomer runs them: no Discord credentials, no PostgreSQL, the
	// SQLite store in the current directory.
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_APP_ID", "DISCORD_PUBLIC_KEY", "DISCORD_GUILD_ID", "DATABASE_URL", "NIMTUTOR_DB", "HTTP_ADDR", "METRICS_ADDR", "SHARD_ID", "SHARD_COUNT"} {
		t.Setenv(k, "")
	}
	for _, path := range docFiles(t) {
		rel, _ := filepath.Rel(repoRoot, path)
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			doc := parseMarkdown(string(src))
			changed := false
			for k := range doc.blocks {
				b := &doc.blocks[k]
				switch {
				case b.lang == "console":
					if runTranscript(t, rel, b) {
						changed = true
					}
				case b.lang == "sh" || b.lang == "bash" || b.lang == "shell":
					for n, line := range b.lines {
						if cmd := stripComment(line); cmd != "" {
							checkCommand(t, fmt.Sprintf("%s:%d", rel, b.start+1+n), cmd)
						}
					}
				case b.lang == "":
					for n, line := range b.lines {
						if strings.HasPrefix(line, "$ ") {
							t.Errorf("%s:%d: a command in a block without a language; mark the block ```console so TestDocs runs it", rel, b.start+1+n)
						}
					}
				}
			}
			for _, n := range doc.indented {
				t.Errorf("%s:%d: a command in an indented code block; write it in a ```console block so TestDocs runs it", rel, n)
			}
			for _, span := range doc.inline {
				checkInline(t, fmt.Sprintf("%s:%d", rel, span.line), span.text)
			}
			checkLinks(t, rel, path, doc)
			if changed && *update {
				if err := os.WriteFile(path, []byte(doc.render()), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("rewrote the outputs that differ in %s", rel)
			}
		})
	}
}

// markdown is a document split into its fenced blocks and the text
// around them.
type markdown struct {
	parts    []string // the text between the blocks, in order
	blocks   []block
	inline   []span
	indented []int // lines that start an indented code block with a "$ " command
}

// block is a fenced code block: its language, its lines, and the line
// number of its opening fence (0-based).
type block struct {
	fence, lang string
	lines       []string
	start       int
}

// span is an inline code span and the (1-based) line it is on.
type span struct {
	text string
	line int
}

// inlineCode matches `code` spans of one or two backticks.
var inlineCode = regexp.MustCompile("``([^`]+)``|`([^`]+)`")

// parseMarkdown splits src into fenced blocks and text, and collects the
// inline code spans of the text.
func parseMarkdown(src string) *markdown {
	d := &markdown{}
	lines := strings.Split(src, "\n")
	var text []string
	flush := func() {
		d.parts = append(d.parts, strings.Join(text, "\n"))
		text = nil
	}
	for k := 0; k < len(lines); k++ {
		l := lines[k]
		trimmed := strings.TrimLeft(l, " ")
		if strings.HasPrefix(l, "    $ ") && k > 0 && strings.TrimSpace(lines[k-1]) == "" {
			d.indented = append(d.indented, k+1)
		}
		if !strings.HasPrefix(trimmed, "```") {
			text = append(text, l)
			for _, m := range inlineCode.FindAllStringSubmatch(l, -1) {
				d.inline = append(d.inline, span{text: strings.TrimSpace(m[1] + m[2]), line: k + 1})
			}
			continue
		}
		indent := l[:len(l)-len(trimmed)]
		b := block{fence: l, lang: strings.TrimSpace(strings.TrimPrefix(trimmed, "```")), start: k}
		k++
		for ; k < len(lines) && strings.TrimSpace(lines[k]) != "```"; k++ {
			b.lines = append(b.lines, strings.TrimPrefix(lines[k], indent))
		}
		text = append(text, l) // the opening fence stays in the text
		flush()
		d.blocks = append(d.blocks, b)
		text = append(text, indent+"```")
	}
	flush()
	return d
}

// render writes the document back with its blocks' current lines.
func (d *markdown) render() string {
	var b strings.Builder
	indentOf := func(k int) string {
		f := d.blocks[k].fence
		return f[:len(f)-len(strings.TrimLeft(f, " "))]
	}
	for k, p := range d.parts {
		b.WriteString(p)
		if k < len(d.blocks) {
			ind := indentOf(k)
			b.WriteString("\n")
			for _, l := range d.blocks[k].lines {
				if l != "" {
					l = ind + l
				}
				b.WriteString(l + "\n")
			}
		}
	}
	return b.String()
}

// stripComment drops a trailing "# comment" (outside quotes) and spaces.
func stripComment(line string) string {
	inS, inD := false, false
	for k, r := range line {
		switch {
		case r == '\'' && !inD:
			inS = !inS
		case r == '"' && !inS:
			inD = !inD
		case r == '#' && !inS && !inD && (k == 0 || line[k-1] == ' '):
			return strings.TrimSpace(line[:k])
		}
	}
	return strings.TrimSpace(line)
}

// step is one "$" command of a transcript with its typed lines and the
// output the document shows after the command and after each typed line.
type step struct {
	cmd    string
	input  []string
	output []string // len(input)+1 segments
}

// runTranscript runs the console block b and reports whether its lines
// were replaced by the real output (with -update).
func runTranscript(t *testing.T, file string, b *block) bool {
	t.Helper()
	var steps []*step
	var cur *step
	var seg []string
	endSeg := func() {
		if cur != nil {
			cur.output = append(cur.output, strings.Join(seg, "\n"))
		}
		seg = nil
	}
	for n, l := range b.lines {
		switch {
		case strings.HasPrefix(l, "$ "):
			endSeg()
			cur = &step{cmd: strings.TrimPrefix(l, "$ ")}
			steps = append(steps, cur)
		case cur == nil:
			t.Errorf("%s:%d: a console block must start with a \"$ \" command line", file, b.start+2+n)
			return false
		case strings.HasPrefix(l, "> ") || l == ">":
			endSeg()
			cur.input = append(cur.input, strings.TrimPrefix(strings.TrimPrefix(l, ">"), " "))
		default:
			seg = append(seg, l)
		}
	}
	endSeg()

	t.Chdir(t.TempDir())
	differs := false
	var rendered []string
	for _, s := range steps {
		got, err := runStep(t, s)
		where := fmt.Sprintf("%s:%d: $ %s", file, b.start+1, s.cmd)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			return false
		}
		rendered = append(rendered, "$ "+s.cmd)
		for k, out := range got {
			if k > 0 {
				rendered = append(rendered, strings.TrimRight("> "+s.input[k-1], " "))
			}
			want := ""
			if k < len(s.output) {
				want = s.output[k]
			}
			text := normalise(want)
			if masked(out) != masked(want) {
				differs = true
				text = normalise(out)
				if *update {
					what := "the output"
					if k > 0 {
						what = fmt.Sprintf("the output after %q", s.input[k-1])
					}
					t.Logf("%s: rewrote %s; review the diff", where, what)
				}
				if !*update {
					what := "the output"
					if k > 0 {
						what = fmt.Sprintf("the output after %q", s.input[k-1])
					}
					t.Errorf("%s: %s differs from the document (go test ./cmd/nimtutor -run TestDocs -update rewrites it):\n--- document\n%s\n--- real\n%s", where, what, want, normalise(out))
				}
			}
			if text != "" {
				rendered = append(rendered, strings.Split(text, "\n")...)
			}
		}
	}
	if differs && *update {
		b.lines = rendered
		return true
	}
	return false
}

// lineReader hands out one line per Read and, at each Read, notes how
// much output there is: the output of each typed line is what was
// written between the Read that returned it and the next one.
type lineReader struct {
	lines []string
	out   *syncBuffer
	marks []int
}

func (r *lineReader) Read(p []byte) (int, error) {
	r.marks = append(r.marks, r.out.Len())
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	l := r.lines[0] + "\n"
	if len(p) < len(l) {
		return 0, io.ErrShortBuffer
	}
	r.lines = r.lines[1:]
	return copy(p, l), nil
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// command is one parsed "$" line.
type command struct {
	prog       string   // "nimtutor", "cat" or "head"
	args       []string // without the program
	stdin      *string  // from a pipe or "<"
	stdoutFile string   // "> FILE"
}

// parseCommand reads a command line of the small shell language the
// documentation uses: words with quotes, a pipe from echo or printf,
// "< FILE" and "> FILE".
func parseCommand(line string) (command, error) {
	var c command
	left, right, piped := cutPipe(line)
	if piped {
		words, err := shellWords(left)
		if err != nil {
			return c, err
		}
		in, err := producer(words)
		if err != nil {
			return c, err
		}
		c.stdin = &in
		line = right
	}
	words, err := shellWords(line)
	if err != nil {
		return c, err
	}
	for k := 0; k < len(words); k++ {
		switch words[k] {
		case "<", ">":
			if k+1 == len(words) {
				return c, fmt.Errorf("%s needs a file", words[k])
			}
			if words[k] == ">" {
				c.stdoutFile = words[k+1]
			} else {
				b, err := os.ReadFile(words[k+1])
				if err != nil {
					return c, err
				}
				s := string(b)
				c.stdin = &s
			}
			words = slices.Delete(words, k, k+2)
			k--
		}
	}
	words = nimtutorArgs(words)
	if len(words) == 0 {
		return c, fmt.Errorf("no command")
	}
	if (words[0] == "echo" || words[0] == "printf") && c.stdoutFile != "" && !piped {
		text, err := producer(words)
		c.prog, c.stdin = "write", &text
		return c, err
	}
	c.prog, c.args = words[0], words[1:]
	switch c.prog {
	case "nimtutor", "cat", "head":
		return c, nil
	}
	return c, fmt.Errorf("TestDocs runs nimtutor, cat and head in a console block, not %q; show other commands in a sh block", c.prog)
}

// nimtutorArgs turns `go run ./cmd/nimtutor ARGS` into `nimtutor ARGS`.
func nimtutorArgs(words []string) []string {
	if len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/nimtutor" {
		return append([]string{"nimtutor"}, words[3:]...)
	}
	return words
}

// cutPipe splits line at a "|" outside quotes.
func cutPipe(line string) (string, string, bool) {
	inS, inD := false, false
	for k, r := range line {
		switch {
		case r == '\'' && !inD:
			inS = !inS
		case r == '"' && !inS:
			inD = !inD
		case r == '|' && !inS && !inD:
			return line[:k], line[k+1:], true
		}
	}
	return line, "", false
}

// producer returns what `echo WORDS` or `printf FORMAT` writes.
func producer(words []string) (string, error) {
	switch {
	case len(words) >= 1 && words[0] == "echo":
		return strings.Join(words[1:], " ") + "\n", nil
	case len(words) == 2 && words[0] == "printf":
		r := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`)
		return r.Replace(words[1]), nil
	}
	return "", fmt.Errorf("TestDocs pipes only from echo or printf FORMAT, not %q", strings.Join(words, " "))
}

// shellWords splits s into words as a POSIX shell does for the quoting
// the documentation uses: '…', "…" with \" and \\, and \ outside quotes.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for k := 0; k < len(s); k++ {
		c := s[k]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(s[k+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			w.WriteString(s[k+1 : k+1+end])
			k += end + 1
			inWord = true
		case c == '"':
			k++
			for ; k < len(s) && s[k] != '"'; k++ {
				if s[k] == '\\' && k+1 < len(s) && (s[k+1] == '"' || s[k+1] == '\\') {
					k++
				}
				w.WriteByte(s[k])
			}
			if k >= len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		case c == '\\' && k+1 < len(s):
			k++
			w.WriteByte(s[k])
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// runStep runs one transcript command and returns its output: before
// the first typed line, then after each.
func runStep(tb testing.TB, s *step) ([]string, error) {
	tb.Helper()
	c, err := parseCommand(s.cmd)
	if err != nil {
		return nil, err
	}
	switch c.prog {
	case "write":
		return []string{""}, os.WriteFile(c.stdoutFile, []byte(*c.stdin), 0o644)
	case "cat", "head":
		if len(s.input) > 0 {
			return nil, fmt.Errorf("%s takes no typed lines", c.prog)
		}
		return []string{catFile(c)}, nil
	}
	if c.stdin != nil && len(s.input) > 0 {
		return nil, fmt.Errorf("a command fed by a pipe or < takes no typed lines")
	}
	var out syncBuffer
	var stdout io.Writer = &out
	var file bytes.Buffer
	if c.stdoutFile != "" {
		stdout = &file
	}
	var errOut bytes.Buffer
	lr := &lineReader{lines: s.input, out: &out}
	var in io.Reader = lr
	if c.stdin != nil {
		in = strings.NewReader(*c.stdin)
	}
	m := &Main{Stdin: in, Stdout: stdout, Stderr: &errOut}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	m.Exec(ctx, c.args)
	if c.stdoutFile != "" {
		if err := os.WriteFile(c.stdoutFile, file.Bytes(), 0o644); err != nil {
			return nil, err
		}
	}
	all := out.String()
	if len(s.input) == 0 {
		return []string{all + errOut.String()}, nil
	}
	if len(lr.marks) < len(s.input)+1 {
		// The command stopped reading before the last typed line (quit).
		for len(lr.marks) < len(s.input)+1 {
			lr.marks = append(lr.marks, len(all))
		}
	}
	segs := make([]string, 0, len(s.input)+1)
	prev := 0
	for k := 0; k <= len(s.input); k++ {
		end := len(all)
		if k < len(s.input) {
			end = lr.marks[k]
		}
		segs = append(segs, all[prev:end])
		prev = end
	}
	segs[len(segs)-1] += errOut.String()
	return segs, nil
}

// catFile returns what `cat FILE` or `head -n N FILE` prints.
func catFile(c command) string {
	n := -1
	args := c.args
	if c.prog == "head" {
		n = 10
		if len(args) >= 2 && args[0] == "-n" {
			fmt.Sscan(args[1], &n)
			args = args[2:]
		}
	}
	var b strings.Builder
	for _, f := range args {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(&b, "%s: %v\n", c.prog, err)
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for k := 0; sc.Scan() && (n < 0 || k < n); k++ {
			b.WriteString(sc.Text() + "\n")
		}
	}
	return b.String()
}

// serverCommands need Discord or run until stopped: TestDocs checks
// that their command line is accepted, with a context already cancelled.
var serverCommands = []string{"gateway", "http", "register", "loadtest", "console"}

// checkCommand checks one command of a sh block or of inline code.
func checkCommand(tb testing.TB, where, line string) {
	tb.Helper()
	for _, part := range splitList(line) {
		words, err := shellWords(part)
		if err != nil {
			tb.Errorf("%s: %v", where, err)
			continue
		}
		if len(words) > 0 && words[0] == "time" {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		words = nimtutorArgs(words)
		switch {
		case words[0] == "nimtutor":
			checkNimtutor(tb, where, part, words[1:])
		case words[0] == "go" && len(words) > 1 && words[1] == "test":
			checkGoTest(tb, where, words[2:])
		case words[0] == "go" && len(words) > 2 && (words[1] == "run" || words[1] == "build" || words[1] == "install"):
			for _, w := range words[2:] {
				if strings.HasPrefix(w, "./") && !exists(w) {
					tb.Errorf("%s: %s: %s does not exist", where, part, w)
				}
			}
		case words[0] == "." || words[0] == "source":
			if len(words) < 2 || !exists(words[1]) {
				tb.Errorf("%s: %s: no such file", where, part)
			}
		case words[0] == "start_postgres":
			if b, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "postgres.sh")); err != nil || !strings.Contains(string(b), "start_postgres()") {
				tb.Errorf("%s: .ci/postgres.sh does not define start_postgres", where)
			}
		case strings.Contains(words[0], "/") && strings.HasSuffix(words[0], ".sh"):
			if !exists(words[0]) {
				tb.Errorf("%s: %s does not exist", where, words[0])
			}
		case words[0] == "echo" || words[0] == "printf":
			if _, right, ok := cutPipe(part); ok {
				checkCommand(tb, where, right)
			}
		case words[0] == "cp":
			for _, w := range words[1 : len(words)-1] {
				if !exists(w) {
					tb.Errorf("%s: %s: %s does not exist", where, part, w)
				}
			}
		default:
			tb.Errorf("%s: TestDocs does not know how to check %q: teach checkCommand, or show it in prose", where, part)
		}
	}
}

// splitList splits a command line at ";" and "&&" outside quotes.
func splitList(line string) []string {
	var parts []string
	inS, inD, start := false, false, 0
	for k := 0; k < len(line); k++ {
		switch c := line[k]; {
		case c == '\'' && !inD:
			inS = !inS
		case c == '"' && !inS:
			inD = !inD
		case inS || inD:
		case c == ';':
			parts, start = append(parts, strings.TrimSpace(line[start:k])), k+1
		case c == '&' && k+1 < len(line) && line[k+1] == '&':
			parts, start = append(parts, strings.TrimSpace(line[start:k])), k+2
			k++
		}
	}
	return append(parts, strings.TrimSpace(line[start:]))
}

// exists reports whether the repository has path (relative to its root;
// a Go package pattern's "/..." is dropped).
func exists(path string) bool {
	path = strings.TrimSuffix(path, "/...")
	_, err := os.Stat(filepath.Join(repoRoot, path))
	return err == nil
}

// checkNimtutor runs `nimtutor args` as a user would and fails tb on a
// usage error; a command that needs Discord or runs until stopped gets a
// context already cancelled, any other must succeed.
func checkNimtutor(tb testing.TB, where, line string, args []string) {
	tb.Helper()
	if len(args) == 0 {
		return // the console on empty input
	}
	dir := tb.TempDir()
	var stdin string
	if left, right, ok := cutPipe(line); ok {
		words, _ := shellWords(left)
		in, err := producer(words)
		if err != nil {
			tb.Errorf("%s: %v", where, err)
			return
		}
		stdin = in
		rw, _ := shellWords(right)
		args = nimtutorArgs(rw)[1:]
	}
	for k := 0; k < len(args); k++ {
		if args[k] == "<" || args[k] == ">" {
			if k+1 < len(args) && args[k] == "<" {
				if b, err := os.ReadFile(filepath.Join(dir, args[k+1])); err == nil {
					stdin = string(b)
				}
			}
			args = slices.Delete(args, k, min(k+2, len(args)))
			k--
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if slices.Contains(serverCommands, args[0]) {
		cancel()
	}
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	var out, errOut bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}
	code := m.Exec(ctx, args)
	switch {
	case code == 2:
		tb.Errorf("%s: `%s` is a usage error:\n%s", where, line, errOut.String())
	case code != 0 && !slices.Contains(serverCommands, args[0]):
		tb.Errorf("%s: `%s` exits %d:\n%s", where, line, code, errOut.String())
	}
}

// testFuncs matches the tests, benchmarks and fuzz targets of a file.
var testFuncs = regexp.MustCompile(`(?m)^func ((Test|Benchmark|Fuzz)\w*)\(`)

// checkGoTest checks `go test PACKAGES FLAGS`: the packages exist, and
// each -run, -bench and -fuzz pattern names something in them.
func checkGoTest(tb testing.TB, where string, args []string) {
	tb.Helper()
	// The packages come first: their tests may declare flags of their own
	// (-update, -plot), which take a value unless they are booleans.
	var pkgs []string
	for _, a := range args {
		if strings.HasPrefix(a, "./") {
			pkgs = append(pkgs, a)
		}
	}
	own := packageFlags(pkgs)
	goFlags := map[string]bool{"run": true, "bench": true, "fuzz": true, "benchtime": true, "count": true, "cpu": true,
		"fuzztime": true, "timeout": true, "v": false, "race": false, "benchmem": false, "short": false}
	patterns := map[string]string{}
	for k := 0; k < len(args); k++ {
		a := args[k]
		if !strings.HasPrefix(a, "-") {
			if !strings.HasPrefix(a, "./") {
				tb.Errorf("%s: go test %s: not a package of this repository (./…)", where, a)
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		takesValue, known := goFlags[name]
		if !known {
			takesValue, known = own[name]
		}
		if !known {
			tb.Errorf("%s: go test flag %s: neither go test nor the tests of %v declare it", where, a, pkgs)
			continue
		}
		if takesValue && !hasValue && k+1 < len(args) {
			value = args[k+1]
			k++
		}
		if name == "run" || name == "bench" || name == "fuzz" {
			patterns[name] = value
		}
	}
	var funcs []string
	for _, p := range pkgs {
		if !strings.HasPrefix(p, "./") || !exists(p) {
			tb.Errorf("%s: go test %s: no such package directory", where, p)
			continue
		}
		root := filepath.Join(repoRoot, strings.TrimSuffix(p, "/..."))
		walk := func(dir string) {
			files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
			for _, f := range files {
				b, _ := os.ReadFile(f)
				for _, m := range testFuncs.FindAllStringSubmatch(string(b), -1) {
					funcs = append(funcs, m[1])
				}
			}
		}
		if strings.HasSuffix(p, "/...") {
			filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
				if err == nil && d.IsDir() {
					walk(path)
				}
				return nil
			})
		} else {
			walk(root)
		}
	}
	for flag, pat := range patterns {
		if pat == "^$" || pat == "X" && flag == "run" {
			continue // run no tests: the benchmarks or the fuzz target alone
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			tb.Errorf("%s: -%s %q: %v", where, flag, pat, err)
			continue
		}
		prefix := map[string]string{"run": "Test", "bench": "Benchmark", "fuzz": "Fuzz"}[flag]
		// go test matches each level of a pattern with slashes against
		// each level of the names; the first level names the function.
		first := strings.Split(pat, "/")[0]
		re = regexp.MustCompile(first)
		if !slices.ContainsFunc(funcs, func(f string) bool { return strings.HasPrefix(f, prefix) && re.MatchString(f) }) {
			tb.Errorf("%s: go test -%s %q matches no %s function in %v", where, flag, pat, prefix, pkgs)
		}
	}
}

// testFlag matches a flag a test file declares: flag.Bool("update", ….
var testFlag = regexp.MustCompile(`flag\.(Bool|String|Int|Int64|Uint|Uint64|Float64|Duration)(Var)?\((?:[^,]+, )?"([a-z][a-z0-9-]*)"`)

// packageFlags returns the flags the tests of pkgs may take, each with
// whether it takes a value (every kind but Bool): those their _test.go
// files declare, and those of the test helper packages (gametest,
// storetest…) any test imports.
func packageFlags(pkgs []string) map[string]bool {
	out := map[string]bool{}
	scan := func(path string) {
		b, _ := os.ReadFile(path)
		for _, m := range testFlag.FindAllStringSubmatch(string(b), -1) {
			out[m[3]] = m[1] != "Bool"
		}
	}
	filepath.WalkDir(repoRoot, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && strings.HasSuffix(filepath.Base(filepath.Dir(path)), "test") {
			scan(path)
		}
		return nil
	})
	for _, p := range pkgs {
		root := filepath.Join(repoRoot, strings.TrimSuffix(p, "/..."))
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil
			case d.IsDir() && path != root && !strings.HasSuffix(p, "/..."):
				return filepath.SkipDir
			case strings.HasSuffix(path, "_test.go"):
				scan(path)
			}
			return nil
		})
	}
	return out
}

// metaWord is a placeholder in a synopsis: GAME, POSITION, N, FILE.png…
var metaWord = regexp.MustCompile(`^[A-Z][A-Z0-9_]*(\.[a-z]+)?$`)

// checkInline checks an inline code span that is a command: see TestDocs.
func checkInline(tb testing.TB, where, text string) {
	tb.Helper()
	switch {
	case strings.HasPrefix(text, "nimtutor ") || strings.HasPrefix(text, "go run ./cmd/nimtutor "):
		words, err := shellWords(strings.NewReplacer("[", " ", "]", " ", "|", " ").Replace(text))
		if err != nil {
			tb.Errorf("%s: %v", where, err)
			return
		}
		words = nimtutorArgs(words)
		if len(words) < 2 || strings.HasPrefix(words[1], "-") || metaWord.MatchString(words[1]) {
			return // `nimtutor -h`, `nimtutor CMD -h`
		}
		synopsis := strings.ContainsAny(text, "[|…") || slices.ContainsFunc(words[1:], metaWord.MatchString)
		if len(words) == 2 && lookupCommand(words[1]) != nil {
			return // the name of a command: `nimtutor moves`
		}
		if !synopsis {
			checkCommand(tb, where, text)
			return
		}
		if lookupCommand(words[1]) == nil {
			tb.Errorf("%s: `%s`: nimtutor has no command %q", where, text, words[1])
			return
		}
		flags := helpFlags(tb, words[1])
		for _, w := range words[2:] {
			name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
			if strings.HasPrefix(w, "-") && len(w) > 1 && !slices.Contains(flags, name) {
				tb.Errorf("%s: `%s`: nimtutor %s has no flag %s (it has %v)", where, text, words[1], w, flags)
			}
		}
	case strings.HasPrefix(text, "go test "):
		checkCommand(tb, where, text)
	case slashCommand.MatchString(text):
		checkSlash(tb, where, text)
	}
}

// slashCommand matches inline code that is a slash command: "/learn",
// "/adapwns solve position:..P.P", "/GAME play".
var slashCommand = regexp.MustCompile(`^/([a-z0-9_-]+|GAME)( |$)`)

// notCommands are inline code that looks like a slash command and is
// not: the HTTP endpoints' paths, and the benchmarks' sub-names.
var notCommands = []string{bot.InteractionsPath, bot.HealthzPath, bot.ReadyzPath, bot.MetricsPath, "/png"}

// checkSlash checks that a slash command names a command, subcommand
// and options that exist.
func checkSlash(tb testing.TB, where, text string) {
	tb.Helper()
	words := strings.Fields(text)
	name := strings.TrimPrefix(words[0], "/")
	defs := commands.Definitions()
	var opts []*discordgo.ApplicationCommandOption
	if name == "GAME" {
		name = solver.Names()[0]
	}
	k := slices.IndexFunc(defs, func(c *discordgo.ApplicationCommand) bool { return c.Name == name })
	if k < 0 {
		if slices.Contains(notCommands, "/"+name) {
			return
		}
		tb.Errorf("%s: `%s`: there is no command /%s", where, text, name)
		return
	}
	opts = defs[k].Options
	rest := words[1:]
	hasSubs := slices.ContainsFunc(opts, func(o *discordgo.ApplicationCommandOption) bool {
		return o.Type == discordgo.ApplicationCommandOptionSubCommand
	})
	if hasSubs && len(rest) > 0 && !strings.Contains(rest[0], ":") && !strings.HasPrefix(rest[0], "[") {
		sub := rest[0]
		j := slices.IndexFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == sub })
		if j < 0 {
			tb.Errorf("%s: `%s`: /%s has no subcommand %s", where, text, name, sub)
			return
		}
		opts, rest = opts[j].Options, rest[1:]
	} else if hasSubs {
		return // "/adapwns" alone
	}
	for _, w := range rest {
		w = strings.Trim(w, "[]")
		opt, _, ok := strings.Cut(w, ":")
		if !ok || !regexp.MustCompile(`^[a-z_]+$`).MatchString(opt) {
			continue
		}
		if !slices.ContainsFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == opt }) {
			tb.Errorf("%s: `%s`: /%s has no option %s", where, text, name, opt)
		}
	}
}

// mdLink matches a Markdown link or image target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// checkLinks fails tb for a relative link whose file does not exist, or
// whose #anchor names no heading of that file.
func checkLinks(tb testing.TB, rel, path string, doc *markdown) {
	tb.Helper()
	for _, line := range strings.Split(strings.Join(doc.parts, "\n"), "\n") {
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			dest := path
			if file != "" {
				dest = filepath.Join(filepath.Dir(path), file)
			}
			info, err := os.Stat(dest)
			if err != nil {
				tb.Errorf("%s: the link %s: %v", rel, target, err)
				continue
			}
			if anchor == "" || info.IsDir() {
				continue
			}
			src, _ := os.ReadFile(dest)
			if !slices.Contains(anchors(string(src)), anchor) {
				tb.Errorf("%s: the link %s: %s has no heading with the anchor #%s", rel, target, file, anchor)
			}

		}
	}
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// document: lower case, punctuation dropped, spaces as dashes.
func anchors(src string) []string {
	var out []string
	inFence := false
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(l, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && !strings.ContainsRune("’‘“”…·—–", r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}
