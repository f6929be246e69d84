package commands

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/games/heaps"
	"github.com/nimtutor/nimtutor/games/heaps/heapstest"
	"github.com/nimtutor/nimtutor/solver"
)

// valuesReply runs /heaps values rule:RULE [n:N] and returns the reply,
// checked against Discord's limits.
func valuesReply(tb testing.TB, r *Router, rule string, n int) *discordgo.InteractionResponse {
	tb.Helper()
	opts := []any{optRule, rule}
	if n > 0 {
		opts = append(opts, optCount, float64(n))
	}
	resp := r.Handle(context.Background(), command(student, "heaps", "values", opts...))
	checkLimits(tb, resp)
	return resp
}

// replyFile returns the content of the reply's file whose content type
// starts with kind, or nil.
func replyFile(tb testing.TB, d *discordgo.InteractionResponseData, kind string) []byte {
	tb.Helper()
	for _, f := range d.Files {
		if strings.HasPrefix(f.ContentType, kind) {
			b, err := io.ReadAll(f.Reader)
			if err != nil {
				tb.Fatal(err)
			}
			f.Reader = bytes.NewReader(b)
			return b
		}
	}
	return nil
}

// tableRows reads the rows "start: v v …" of a values table back into
// the value of each heap, failing on a row that does not start where the
// one before ended.
func tableRows(tb testing.TB, lines []string) []int {
	tb.Helper()
	var got []int
	for _, line := range lines {
		start, rest, ok := strings.Cut(line, ":")
		n, err := strconv.Atoi(strings.TrimSpace(start))
		if !ok || err != nil || n != len(got) {
			tb.Fatalf("row %q: want one that starts at heap %d", line, len(got))
		}
		for _, f := range strings.Fields(rest) {
			v, err := strconv.Atoi(f)
			if err != nil {
				tb.Fatalf("row %q: %q is not a value", line, f)
			}
			got = append(got, v)
		}
	}
	return got
}

// fieldValue returns the value of the embed's field whose name starts
// with name.
func fieldValue(tb testing.TB, e *discordgo.MessageEmbed, name string) string {
	tb.Helper()
	for _, f := range e.Fields {
		if strings.HasPrefix(f.Name, name) {
			return f.Value
		}
	}
	tb.Fatalf("no field %q in %+v", name, e.Fields)
	return ""
}

// atoi reads a number a regexp matched.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestValuesReplyFacts reads every fact the /heaps values reply states
// back out of its text and its picture, and checks each against the
// oracle (heapstest: the plain mex recursion read from the rule's
// definition, run well past the reply's range): each value of the
// table; the period and preperiod (the repeat holds over the whole
// oracle range, the heap before the preperiod breaks it, no smaller
// period holds); the proof's numbers (the move's reach, the range the
// theorem needs, that range checked by the oracle); the heaps of value
// 0, one by one and by residue; and the bars of the chart.
func TestValuesReplyFacts(t *testing.T) {
	r, _ := newTestRouter(t)
	period := regexp.MustCompile(`^Period \*\*(\d+)\*\* from heap \*\*(\d+)\*\*: (?:no preperiod; every heap n has the value of heap n mod (\d+)\.|the preperiod is (?:heap 0|heaps 0 to (\d+)), and every heap n ≥ (\d+) has the value of heap (\d+) \+ \(n − (\d+)\) mod (\d+)\.)$`)
	octalProof := regexp.MustCompile(`^From heap (\d+) on, the values repeat every (\d+)\. Proof: a move takes at most (\d+) objects?, and by the periodicity theorem for octal games it suffices that g\(n\+(\d+)\) = g\(n\) for every n from (\d+) up to 2·(\d+) \+ (\d+) \+ (\d+) − 1 = (\d+); the (\d+) computed values check exactly that\.$`)
	subProof := regexp.MustCompile(`^From heap (\d+) on, the values repeat every (\d+)\. Proof: the value of a heap depends only on the (\d+) values below it \(the largest take is (\d+)\), and the (\d+) values from heap (\d+) equal the (\d+) from heap (\d+), so everything after repeats too\.$`)
	subProofOne := regexp.MustCompile(`^From heap (\d+) on, the values repeat every (\d+)\. Proof: the value of a heap depends only on the value of the heap one smaller \(the only take is 1\), and the value of heap (\d+) equals that of heap (\d+), so everything after repeats too\.$`)
	zerosPeriodic := regexp.MustCompile(`^(?:Below heap (\d+): ([0-9, …()a-z]+)\. From heap (\d+) on: |)(?:none|[Ee]very heap n with n mod (\d+) in \{([0-9, ]+)\})\.$`)
	zerosNone := regexp.MustCompile(`^Among heaps 0 to (\d+): ([0-9, …()a-z]+)\.$`)
	facts := 0
	for _, tc := range []struct {
		rule string
		n    int
	}{
		{"kayles", 0}, {"dawson", 0}, {"dawsonchess", 0}, {"octal 0.15", 0}, {"octal 0.11377", 0}, {"octal 0.4", 40},
		{"subtract 1,3,4", 0}, {"subtract 1", 0}, {"subtract 2,5", 50}, {"subtract 1-5", 0}, {"subtract 3,7,8", 0}, {"subtract 7,23,100", 0},
		{"octal 0.007", 300}, {"octal 0.6", 200},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			resp := valuesReply(t, r, tc.rule, tc.n)
			if resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 || len(resp.Data.Embeds) != 1 {
				t.Fatalf("want one public embed, got %+v", resp.Data)
			}
			e := resp.Data.Embeds[0]
			rule, err := heapstest.Parse(tc.rule)
			if err != nil {
				t.Fatal(err)
			}
			_, table, _ := strings.Cut(e.Description, "```\n")
			table, _, _ = strings.Cut(table, "\n```")
			listed := tableRows(t, strings.Split(table, "\n"))
			if tc.n > 0 && len(listed) != tc.n {
				t.Errorf("%d values listed, asked for %d", len(listed), tc.n)
			}
			// The oracle runs past every range the reply speaks of.
			g := rule.Values(max(len(listed), 3*rule.Reach()) + 600)
			for h, v := range listed {
				if g[h] != v {
					t.Fatalf("table: heap %d has %d, the oracle says %d", h, v, g[h])
				}
				facts++
			}
			zeros := fieldValue(t, e, "Heaps of value 0")
			if pt, err := fieldValueOK(e, "Period"); err == nil {
				m := period.FindStringSubmatch(pt)
				if m == nil {
					t.Fatalf("period %q", pt)
				}
				p, pre := atoi(m[1]), atoi(m[2])
				if pre == 0 && atoi(m[3]) != p || pre > 0 && ((m[4] == "") != (pre == 1) || m[4] != "" && atoi(m[4]) != pre-1 || atoi(m[5]) != pre || atoi(m[6]) != pre || atoi(m[7]) != pre || atoi(m[8]) != p) {
					t.Errorf("period text %q disagrees with itself", m[0])
				}
				for h := pre; h+p < len(g); h++ {
					if g[h+p] != g[h] {
						t.Fatalf("the reply says period %d from %d, but g(%d) = %d and g(%d) = %d", p, pre, h, g[h], h+p, g[h+p])
					}
				}
				if pre > 0 && g[pre-1] == g[pre-1+p] {
					t.Errorf("the reply says the period starts at %d, but g(%d) = g(%d)", pre, pre-1, pre-1+p)
				}
				for q := 1; q < p; q++ {
					holds := true
					for h := len(g) / 2; h+q < len(g) && holds; h++ {
						holds = g[h+q] == g[h]
					}
					if holds {
						t.Errorf("the reply says period %d, but %d holds from %d on", p, q, len(g)/2)
					}
				}
				proof := fieldValue(t, e, "Why the period holds")
				if rule.Octal != nil {
					m := octalProof.FindStringSubmatch(proof)
					if m == nil {
						t.Fatalf("proof %q does not read as the octal theorem's", proof)
					}
					k, last := atoi(m[3]), atoi(m[9])
					if atoi(m[1]) != pre || atoi(m[2]) != p || k != rule.Reach() || atoi(m[4]) != p || atoi(m[5]) != pre || atoi(m[6]) != pre || atoi(m[7]) != p || atoi(m[8]) != k || last != 2*pre+p+k-1 || atoi(m[10]) < last+1+p {
						t.Errorf("proof %q: want period %d from %d, reach %d, range to %d", proof, p, pre, rule.Reach(), 2*pre+p+rule.Reach()-1)
					}
				} else {
					m := subProof.FindStringSubmatch(proof)
					if one := subProofOne.FindStringSubmatch(proof); one != nil {
						// A set of the one take 1: blocks of one value.
						m = []string{one[0], one[1], one[2], "1", "1", "1", one[3], "1", one[4]}
					}
					if m == nil {
						t.Fatalf("proof %q does not read as the block-repeat proof", proof)
					}
					top := rule.Reach()
					if atoi(m[1]) != pre || atoi(m[2]) != p || atoi(m[3]) != top || atoi(m[4]) != top || atoi(m[5]) != top || atoi(m[6]) != pre || atoi(m[7]) != top || atoi(m[8]) != pre+p {
						t.Errorf("proof %q: want period %d from %d, blocks of %d", proof, p, pre, top)
					}
				}
				// The heaps of value 0.
				zm := zerosPeriodic.FindStringSubmatch(zeros)
				if zm == nil {
					t.Fatalf("zeros %q", zeros)
				}
				var below, res []string
				for h := 0; h < pre; h++ {
					if g[h] == 0 {
						below = append(below, strconv.Itoa(h))
					}
				}
				for h := pre; h < pre+p; h++ {
					if g[h] == 0 {
						res = append(res, strconv.Itoa(h%p))
					}
				}
				slices.SortFunc(res, func(a, b string) int { return atoi(a) - atoi(b) })
				wantBelow := "none"
				if len(below) > 0 {
					wantBelow = strings.Join(below[:min(len(below), heaps.MaxLost)], ", ")
					if len(below) > heaps.MaxLost {
						wantBelow += fmt.Sprintf(", … (%d in all)", len(below))
					}
				}
				if pre > 0 && (atoi(zm[1]) != pre || zm[2] != wantBelow || atoi(zm[3]) != pre) {
					t.Errorf("zeros %q: below heap %d the oracle has %s", zeros, pre, wantBelow)
				}
				if got := zm[5]; got != strings.Join(res, ", ") || (len(res) > 0 && atoi(zm[4]) != p) {
					t.Errorf("zeros %q: from heap %d the oracle has residues {%s} mod %d", zeros, pre, strings.Join(res, ", "), p)
				}
				facts += 4
			} else {
				if _, err := fieldValueOK(e, "No period proven"); err != nil {
					t.Fatalf("neither a period nor its absence: %v", err)
				}
				zm := zerosNone.FindStringSubmatch(zeros)
				var want []string
				for h := range listed {
					if g[h] == 0 {
						want = append(want, strconv.Itoa(h))
					}
				}
				w := strings.Join(want[:min(len(want), heaps.MaxLost)], ", ")
				if len(want) > heaps.MaxLost {
					w += fmt.Sprintf(", … (%d in all)", len(want))
				}
				if zm == nil || atoi(zm[1]) != len(listed)-1 || zm[2] != w {
					t.Errorf("zeros %q, the oracle has %s", zeros, w)
				}
				facts++
			}
			// The chart: a bar a heap, read back from its pixels.
			pic := replyFile(t, resp.Data, "image/png")
			if pic == nil || e.Image == nil || !strings.HasSuffix(e.Image.URL, ".png") {
				t.Fatalf("no chart attached and shown: image %+v", e.Image)
			}
			img, err := png.Decode(bytes.NewReader(pic))
			if err != nil {
				t.Fatal(err)
			}
			drawn := min(len(listed), chart.MaxBars)
			want := make([]int64, drawn)
			for h := range want {
				want[h] = int64(g[h])
			}
			l := chart.LayoutGrundy(chart.Grundy{Values: want})
			if got := l.ReadGrundy(img); !slices.Equal(got, want) {
				t.Errorf("the chart's bars\n got %v\nwant %v (the oracle)", got, want)
			}
			facts += drawn
		})
	}
	t.Logf("%d facts of the replies checked against the oracle", facts)
}

// fieldValueOK is fieldValue without failing.
func fieldValueOK(e *discordgo.MessageEmbed, name string) (string, error) {
	for _, f := range e.Fields {
		if strings.HasPrefix(f.Name, name) {
			return f.Value, nil
		}
	}
	return "", fmt.Errorf("no field %q", name)
}

// TestValuesLongTable: a table longer than the message is cut at a row
// with a note that says how many values it shows, and the whole table
// comes as a text file whose every value is the oracle's.
func TestValuesLongTable(t *testing.T) {
	r, _ := newTestRouter(t)
	resp := valuesReply(t, r, "kayles", 2000)
	e := resp.Data.Embeds[0]
	_, table, _ := strings.Cut(e.Description, "```\n")
	table, note, _ := strings.Cut(table, "\n```")
	shown := tableRows(t, strings.Split(table, "\n"))
	if !strings.HasPrefix(note, "\n…") {
		t.Errorf("the note %q does not start a line of its own after the table", note)
	}
	wantNote := fmt.Sprintf("…first %d values; the full table of 2000 is in the attached file kayles-values.txt.", len(shown))
	if strings.TrimSpace(note) != wantNote {
		t.Errorf("note %q, want %q", note, wantNote)
	}
	file := replyFile(t, resp.Data, "text/plain")
	if file == nil {
		t.Fatal("no table file attached")
	}
	lines := strings.Split(strings.TrimSpace(string(file)), "\n")
	all := tableRows(t, lines[2:len(lines)-1])
	kayles, _ := heapstest.Parse("kayles")
	g := kayles.Values(2000)
	if len(all) != 2000 {
		t.Fatalf("the file lists %d values, want 2000", len(all))
	}
	for h, v := range all {
		if g[h] != v {
			t.Fatalf("file: heap %d has %d, the oracle says %d", h, v, g[h])
		}
	}
	if !strings.HasPrefix(lines[0], "kayles: a move takes") || !strings.HasPrefix(lines[len(lines)-1], "From heap 71 on") {
		t.Errorf("the file's first and last lines: %q, %q", lines[0], lines[len(lines)-1])
	}
}

// TestValuesLongRule: a rule of many takes (as the console, which has no
// option length limit, may send) still gets its whole table, fenced,
// within Discord's limits.
func TestValuesLongRule(t *testing.T) {
	r, _ := newTestRouter(t)
	var takes []string
	for k := 1; k <= 999; k += 2 {
		takes = append(takes, strconv.Itoa(k))
	}
	resp := valuesReply(t, r, "subtract "+strings.Join(takes, ","), 30)
	if len(resp.Data.Embeds) != 1 {
		t.Fatalf("reply %q", resp.Data.Content)
	}
	d := resp.Data.Embeds[0].Description
	_, table, ok := strings.Cut(d, "```\n")
	table, _, closed := strings.Cut(table, "\n```")
	if !ok || !closed || len(tableRows(t, strings.Split(table, "\n"))) != 30 {
		t.Errorf("description %q: want the 30 values fenced", d)
	}
}

// TestValuesRefusals: a rule values does not take, a wrong rule and too
// many values each get a private message that says what is wrong.
func TestValuesRefusals(t *testing.T) {
	r, _ := newTestRouter(t)
	for _, tc := range []struct {
		rule string
		n    int
		want string
	}{
		{"nim", 0, "in Nim a heap of n is worth n itself"},
		{"wythoff", 0, "wythoff is not played on single heaps"},
		{"octal 0.78", 0, `octal code "0.78", digit 2 is '8'`},
		{"kayles 5", 0, `"5" follows the rule "kayles"; give the rule alone`},
		{"kayles", maxListedValues + 1, "10001 values: list 1 to 10000"},
	} {
		resp := valuesReply(t, r, tc.rule, tc.n)
		if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, tc.want) {
			t.Errorf("rule %q n %d: %q (flags %v), want a private message with %q", tc.rule, tc.n, resp.Data.Content, resp.Data.Flags, tc.want)
		}
	}
	// The values reply is public, and routed without a position.
	if r.Private(command(student, "heaps", "values", optRule, "kayles")) {
		t.Error("/heaps values is private")
	}
	sequencers := 0
	for _, g := range solver.Games() {
		for _, own := range ownSubcommands(g) {
			if findCommand(subcommands, own.name) != nil {
				t.Errorf("/%s %s is also a subcommand of every game", g.Name(), own.name)
			}
		}
		if _, ok := g.(solver.Sequencer); ok {
			sequencers++
			if ownSubcommand(g, "values") == nil {
				t.Errorf("/%s: a game with sequences has no values subcommand", g.Name())
			}
		} else if len(ownSubcommands(g)) != 0 {
			t.Errorf("/%s has subcommands of its own", g.Name())
		}
	}
	if sequencers != 1 {
		t.Errorf("%d games with sequences, want 1 (heaps)", sequencers)
	}
	resp := r.Handle(context.Background(), command(student, "nim", "values", optRule, "kayles"))
	if !strings.Contains(resp.Data.Content, "no subcommand \"values\"") {
		t.Errorf("/nim values: %q", resp.Data.Content)
	}
}

// typingRule is the autocomplete interaction for a rule typed in
// /heaps values.
func typingRule(text string) *discordgo.Interaction {
	i := typing("heaps", "values", "", "")
	i.ApplicationCommandData().Options[0].Options = []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: optRule, Type: discordgo.ApplicationCommandOptionString, Value: text, Focused: true}}
	return i
}

// TestRuleAutocomplete: the named rules with nothing typed; matches
// first while a name is being typed, without a message about the
// unfinished text; a rule that reads gets "✓" with what a move is; a
// wrong one gets the parser's message, its value the text typed; all
// within Discord's limits.
func TestRuleAutocomplete(t *testing.T) {
	r, _ := newTestRouter(t)
	names := func(c []*discordgo.ApplicationCommandOptionChoice) []string {
		var out []string
		for _, ch := range c {
			out = append(out, ch.Name)
		}
		return out
	}
	for _, tc := range []struct {
		typed       string
		first       string // the first choice's name starts so
		firstValue  string
		secondValue string
	}{
		{"", "Kayles (octal 0.77)", "kayles", "dawson"},
		{"kay", "Kayles (octal 0.77)", "kayles", "dawson"},
		{"daw", "Dawson's Kayles", "dawson", "dawsonchess"},
		{"treble", "Treblecross", "octal 0.007", "kayles"},
		{"kayles", "✓ kayles: a move takes from one heap 1", "kayles", "dawson"},
		{"subtract 1,3,4", "✓ subtract 1,3,4: a move takes 1, 3 or 4 objects from one heap", "subtract 1,3,4", "kayles"},
		{"subtract 2,9", "✓ subtract 2,9: a move takes 2 or 9", "subtract 2,9", "kayles"},
		{"octal 0.78", `⚠ rule: octal code "0.78", digit 2 is '8'`, "octal 0.78", "kayles"},
		{"nim", "⚠ rule: in Nim a heap of n is worth n itself", "nim", "kayles"},
		{"zzz", `⚠ rule: "zzz" is not a rule`, "zzz", "kayles"},
		{strings.Repeat("1", 150), "⚠ rule: it starts with '1'", strings.Repeat("1", 100), "kayles"},
	} {
		resp := r.Handle(context.Background(), typingRule(tc.typed))
		c := checkChoices(t, resp)
		if len(c) < 2 || !strings.HasPrefix(c[0].Name, tc.first) || c[0].Value != tc.firstValue || c[1].Value != tc.secondValue {
			t.Errorf("typed %q: choices %q (values %v, %v), want %q first (value %q), then %q", tc.typed, names(c), valueOf(c, 0), valueOf(c, 1), tc.first, tc.firstValue, tc.secondValue)
		}
	}
	// A valid subtraction set typed at length: no status (its value would
	// not fit), the named rules still come.
	long := "subtract " + strings.TrimSuffix(strings.Repeat("1,", 60), ",")
	c := checkChoices(t, r.Handle(context.Background(), typingRule(long)))
	if len(c) == 0 || strings.HasPrefix(c[0].Name, "✓") {
		t.Errorf("a valid rule of %d characters: %q", len(long), names(c))
	}
}

// valueOf returns the value of choice k, or nil.
func valueOf(c []*discordgo.ApplicationCommandOptionChoice, k int) any {
	if k < len(c) {
		return c[k].Value
	}
	return nil
}
