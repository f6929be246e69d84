// Command replystats measures how much of nimtutor's `solve` reply is
// about the student's position and how much is the same whatever the
// position. It runs a built nimtutor binary, so the same tool measures
// any commit:
//
//	go build -o /tmp/nimtutor ./cmd/nimtutor
//	go run ./cmd/replystats -bin /tmp/nimtutor            # figures per game
//	go run ./cmd/replystats -bin /tmp/nimtutor -show      # and the replies
//
// For each game it prints three of its examples (small, medium, large)
// with the word count of their replies, and the "same-text fraction" over
// 40 seeded random positions (the game's own Random): a word of a reply counts as the same text
// when it lies inside a run of Window consecutive words that occurs in at
// least half of the 40 replies. The fraction is the mean over the 40
// replies of same-text words divided by all words. Extra arguments after
// the flags are passed to `nimtutor solve` (for example -- --full).
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	_ "github.com/nimtutor/nimtutor/games/all"
	"github.com/nimtutor/nimtutor/solver"
)

// Window is how many consecutive words make a run that may be shared.
const Window = 6

// samples is how many random positions the fraction is measured on.
const samples = 40

// fixed returns the three positions shown for g: its examples, shortest
// first, small, medium and large.
func fixed(g solver.Game) [][]string {
	ex := slices.Clone(g.Examples())
	slices.SortStableFunc(ex, func(a, b string) int { return len(a) - len(b) })
	var out [][]string
	for _, k := range []int{0, len(ex) / 2, len(ex) - 1} {
		out = append(out, args(g, ex[k], 0))
	}
	return out
}

// args are the arguments of `nimtutor solve GAME` for a position of g.
func args(g solver.Game, text string, first solver.Player) []string {
	if g.NeedsFirst() {
		return []string{text, "--first", g.PlayerName(first)}
	}
	return []string{text}
}

func main() {
	bin := flag.String("bin", "", "path to a built nimtutor binary (required)")
	show := flag.Bool("show", false, "print the replies of the fixed positions")
	seed := flag.Int64("seed", 16, "seed of the random positions")
	common := flag.Int("common", 0, "print the N runs of words shared by the most replies, per game")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "replystats: -bin is required; build with go build -o /tmp/nimtutor ./cmd/nimtutor")
		os.Exit(2)
	}
	extra := flag.Args()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	total := 0.0
	games := solver.Games()
	for _, g := range games {
		game := g.Name()
		fmt.Printf("== %s ==\n", game)
		for k, args := range fixed(g) {
			reply := solve(ctx, *bin, game, args, extra)
			fmt.Printf("%-6s %-45q %4d words\n", [3]string{"small", "medium", "large"}[k], clip(args[0], 43), len(strings.Fields(reply)))
			if *show {
				fmt.Printf("%s\n", indent(reply))
			}
		}
		rng := rand.New(rand.NewPCG(uint64(*seed), 0))
		var replies []string
		for range samples {
			pos := g.Random(rng)
			replies = append(replies, solve(ctx, *bin, game, args(g, pos.String(), pos.ToMove()), extra))
		}
		frac, words := sameFraction(replies)
		if *common > 0 {
			for _, g := range commonGrams(replies, *common) {
				fmt.Printf("    %2d× %s\n", g.n, g.text)
			}
		}
		total += frac
		fmt.Printf("same-text fraction over %d random positions: %.1f%% (mean %.0f words)\n\n", samples, 100*frac, words)
	}
	fmt.Printf("mean same-text fraction over the games: %.1f%%\n", 100*total/float64(len(games)))
}

// solve runs `nimtutor solve GAME ARGS... EXTRA...` and returns its
// output; when it fails, replystats exits.
func solve(ctx context.Context, bin, game string, args, extra []string) string {
	out, err := exec.CommandContext(ctx, bin, append(append([]string{"solve", game}, args...), extra...)...).Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "replystats: solve %s %q: %v\n", game, args, err)
		os.Exit(1)
	}
	return string(out)
}

// sameFraction returns the mean fraction of each reply's words that lie
// in a Window-word run found in at least half of the replies, and the
// mean number of words.
func sameFraction(replies []string) (frac, words float64) {
	docs, df := docFreq(replies)
	for _, d := range docs {
		n, end := 0, 0 // end: the word after the last run counted
		for k, g := range grams(d) {
			if 2*df[g] >= len(replies) {
				n += k + Window - max(k, end)
				end = k + Window
			}
		}
		if len(d) > 0 {
			frac += float64(n) / float64(len(d))
		}
		words += float64(len(d))
	}
	return frac / float64(len(replies)), words / float64(len(replies))
}

// docFreq returns the words of each reply, without Markdown's ** and `,
// and for each run of Window words how many replies hold it.
func docFreq(replies []string) ([][]string, map[string]int) {
	docs := make([][]string, len(replies))
	df := map[string]int{}
	for i, r := range replies {
		docs[i] = strings.Fields(strings.NewReplacer("**", "", "`", "").Replace(r))
		seen := map[string]bool{}
		for _, g := range grams(docs[i]) {
			if !seen[g] {
				seen[g] = true
				df[g]++
			}
		}
	}
	return docs, df
}

// grams returns every run of Window consecutive words, joined by spaces.
func grams(words []string) []string {
	var out []string
	for k := 0; k+Window <= len(words); k++ {
		out = append(out, strings.Join(words[k:k+Window], " "))
	}
	return out
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

// shared is a run of Window words and how many replies hold it.
type shared struct {
	text string
	n    int
}

// commonGrams returns the n runs of Window words held by the most
// replies, among those held by at least half.
func commonGrams(replies []string, n int) []shared {
	_, df := docFreq(replies)
	var out []shared
	for g, k := range df {
		if 2*k >= len(replies) {
			out = append(out, shared{g, k})
		}
	}
	slices.SortFunc(out, func(a, b shared) int { return cmp.Or(b.n-a.n, strings.Compare(a.text, b.text)) })
	return out[:min(n, len(out))]
}
