package commands

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// Options of /judge.
const (
	optJudgeFile   = "file"
	optJudgeStrict = "strict"
)

// maxAnswersBytes bounds the answers file, below what Discord lets a bot
// upload.
const maxAnswersBytes = 8 << 20

// judgeOptions are the options of /judge: the game, the input file and
// strict mode.
func judgeOptions() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: optGame, Description: "The problem whose judge format the file is in", Required: true, Choices: gameChoices(solver.Games())},
		{Type: discordgo.ApplicationCommandOptionAttachment, Name: optJudgeFile, Description: fmt.Sprintf("The judge input, a text file of at most %d MB", maxJudgeFileBytes>>20), Required: true},
		{Type: discordgo.ApplicationCommandOptionBoolean, Name: optJudgeStrict, Description: "Also enforce the contest's limits"},
	}
}

// judge answers /judge game file: the answers as a file with a summary,
// or the first malformed line of the input.
func (r *Router) judge(q *request) (*discordgo.InteractionResponse, error) {
	g, err := solver.Lookup(q.str(optGame))
	if err != nil {
		return nil, err
	}
	fileOpt, strict := q.options[optJudgeFile], q.boolean(optJudgeStrict)
	input, filename, err := r.download(q.ctx, q.i, fileOpt, maxJudgeFileBytes)
	if err != nil {
		return nil, err
	}
	var answers bytes.Buffer
	err = r.t.Judge(q.ctx, g, bytes.NewReader(input), &cappedWriter{w: &answers, left: maxAnswersBytes}, strict)
	var ie *fault.Error
	switch {
	case errors.As(err, &ie):
		return discordx.Ephemeral(malformedInput(filename, input, ie)), nil
	case errors.Is(err, errAnswersTooLarge):
		return discordx.Ephemeral(fmt.Sprintf("⚠️ The answers to %s would pass %d MB, more than a reply can carry; split the input into smaller files.", filename, maxAnswersBytes>>20)), nil
	case err != nil:
		return nil, fmt.Errorf("judging %s: %w", g.Name(), err)
	}
	tests, verdicts := summarise(answers.Bytes())
	footer := "Inputs beyond the contest's limits are judged too; strict:true enforces them."
	if strict {
		footer = "Strict: the contest's limits were enforced."
	}
	out := g.Name() + "-answers.txt"
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Judged %s of %s", explain.Plural(tests, "test", "tests"), g.Name()),
		Description: fmt.Sprintf("Input: %s. The answers, one a line as the judge prints them, are in %s.", filename, out),
		Color:       colourHint,
		Fields:      []*discordgo.MessageEmbedField{{Name: "Verdicts", Value: verdicts}},
		Footer:      &discordgo.MessageEmbedFooter{Text: footer},
	}
	data := &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{e},
		Files:  []*discordgo.File{{Name: out, ContentType: "text/plain; charset=utf-8", Reader: &answers}},
	}
	return newMessage(data, false), nil
}

// summarise counts the answer lines and each verdict among them, most
// frequent first: "Yes: 2 · No: 1".
func summarise(answers []byte) (int, string) {
	// A game has two or three verdicts: a short list, searched without
	// copying the line (an answers file may hold millions).
	counts := map[string]int{}
	var verdicts []string
	tests := 0
	for line := range bytes.Lines(answers) {
		line = bytes.TrimRight(line, "\n")
		k := slices.IndexFunc(verdicts, func(v string) bool { return v == string(line) })
		if k < 0 {
			k = len(verdicts)
			verdicts = append(verdicts, string(line))
		}
		counts[verdicts[k]]++
		tests++
	}
	if tests == 0 {
		return 0, "No tests: the input announces T = 0."
	}
	slices.SortFunc(verdicts, func(a, b string) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), strings.Compare(a, b))
	})
	parts := make([]string, len(verdicts))
	for k, v := range verdicts {
		parts[k] = fmt.Sprintf("%s: %d", v, counts[v])
	}
	return tests, clipText(strings.Join(parts, " · "), maxFieldValueLen)
}

// malformedInput says where the input is wrong and quotes that line.
func malformedInput(filename string, input []byte, ie *fault.Error) string {
	msg := fmt.Sprintf("⚠️ %s is not a valid input: %s.", filename, strings.TrimSuffix(ie.Error(), "."))
	if n, ok := strings.CutPrefix(ie.Field, "line "); ok {
		if k, err := strconv.Atoi(n); err == nil {
			if line, ok := lineAt(input, k); ok {
				msg += fmt.Sprintf("\nLine %d reads: `%s`", k, quoteLine(line))
			}
		}
	}
	return msg
}

// lineAt returns line k (from 1) of input, without its line ending.
func lineAt(input []byte, k int) (string, bool) {
	n := 0
	for line := range bytes.Lines(input) {
		if n++; n == k {
			return strings.TrimRight(string(line), "\r\n"), true
		}
	}
	return "", false
}

// quoteLine makes a line safe inside a code span, and short.
func quoteLine(line string) string {
	line = strings.ReplaceAll(line, "`", "'")
	if line == "" {
		return " "
	}
	return clipText(line, 100)
}

// errAnswersTooLarge reports answers beyond maxAnswersBytes.
var errAnswersTooLarge = errors.New("the answers are too large")

// cappedWriter refuses to write more than left bytes.
type cappedWriter struct {
	w    io.Writer
	left int
}

func (c *cappedWriter) Write(p []byte) (int, error) {
	if len(p) > c.left {
		return 0, errAnswersTooLarge
	}
	c.left -= len(p)
	return c.w.Write(p)
}
