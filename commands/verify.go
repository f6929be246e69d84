package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// VerifyBudget bounds /GAME verify: the states one search may enter.
// Every position of the sizes the verify table covers fits, and a search
// that reaches it costs well under a second of one core.
const VerifyBudget = 400_000

// maxVerifyLen is the longest position verify tries: beyond it, the
// number of moves alone (a binstring of n characters has n(n+1)/2) makes
// exhaustive search hopeless, so it says so at once.
const maxVerifyLen = 200

// verify answers /GAME verify: exhaustive search of this one position,
// compared with the formula. The search runs in the search gate, so at
// most a few run at once and the rest wait or are told to come back.
func (r *Router) verify(q *request) (*discordgo.InteractionResponse, error) {
	pos, err := q.position()
	if err != nil {
		return nil, err
	}
	e, err := verifyEmbed(q.ctx, r, pos)
	if err != nil {
		return nil, err
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}},
	}, nil
}

// verifyEmbed is the verify reply for pos. Positions short enough to
// search are searched in the search gate, so at most a few searches run at
// once and the rest wait or are told to come back.
func verifyEmbed(ctx context.Context, r *Router, pos solver.Position) (*discordgo.MessageEmbed, error) {
	e := &discordgo.MessageEmbed{Description: positionLine(pos), Color: colourHint}
	if len(pos.String()) > maxVerifyLen {
		e.Title, e.Fields, _ = VerifyReport(ctx, pos, VerifyBudget) // answers at once
		return e, nil
	}
	err := r.heavy(ctx, r.searches, func(ctx context.Context) error {
		var err error
		e.Title, e.Fields, err = VerifyReport(ctx, pos, r.verifyBudget)
		return err
	})
	return e, err
}

// VerifyReport searches pos within budget states and reports, as a title
// and fields, what the search found and whether the formula agrees. The
// command line prints the same report. It returns ctx's error if ctx ends
// first.
func VerifyReport(ctx context.Context, pos solver.Position, budget int) (string, []*discordgo.MessageEmbedField, error) {
	g := pos.Game()
	tableHint := fmt.Sprintf("The size table proves the formula on every small position instead: `nimtutor verify %s --max N`.", g.Name())
	if len(pos.String()) > maxVerifyLen {
		return "Too large to search", []*discordgo.MessageEmbedField{{
			Name:  "Over the budget",
			Value: fmt.Sprintf("This position has %d characters; exhaustive search handles at most %d. %s", len(pos.String()), maxVerifyLen, tableHint),
		}}, nil
	}
	c, err := solver.CheckPosition(ctx, pos, budget)
	if err != nil {
		return "", nil, err
	}
	if c.OverBudget {
		return "Too large to search", []*discordgo.MessageEmbedField{{
			Name:  "Over the budget",
			Value: fmt.Sprintf("The search stopped after %s, its budget, or the position is too large to pack. %s", plural(c.States, "position", "positions"), tableHint),
		}}, nil
	}
	mover := g.PlayerName(pos.ToMove())
	verdict := fmt.Sprintf("With %s to move, search says: %s %s in %s.", mover, mover, outcomeVerb(c.Search.Outcome), plural(c.Search.Remoteness, "move", "moves"))
	agree := "Yes: the formula gives the same result."
	title := "Verified: the formula agrees with exhaustive search"
	if !c.Agrees() {
		agree = fmt.Sprintf("No! The formula says %s %s. Please report this position.", mover, outcomeVerb(c.Formula))
		title = "Disagreement between the formula and search"
	}
	return title, []*discordgo.MessageEmbedField{
		{Name: "Positions searched", Value: fmt.Sprintf("%d", c.States)},
		{Name: "Verdict by search", Value: verdict},
		{Name: "Formula agrees?", Value: agree},
		{Name: bestMovesTitle(c.Search.Outcome), Value: movesList(c)},
	}, nil
}

// plural returns "1 move" or "3 moves".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// bestMovesTitle names the moves search found optimal by what they keep.
func bestMovesTitle(o solver.Outcome) string {
	switch o {
	case solver.Win:
		return "Winning moves found by search"
	case solver.Tie:
		return "Tie-keeping moves found by search"
	}
	return "Best moves found by search"
}

func outcomeVerb(o solver.Outcome) string {
	switch o {
	case solver.Win:
		return "wins"
	case solver.Loss:
		return "loses"
	}
	return "ties"
}

// movesList names every move search found optimal, as many as fit.
func movesList(c solver.PositionCheck) string {
	if len(c.BestMoves) == 0 {
		if c.Search.Outcome == solver.Loss {
			return "None: every move loses against perfect play (or there is no move)."
		}
		return "None: there is no move to make."
	}
	kind := "winning"
	if c.Search.Outcome == solver.Tie {
		kind = "tie-keeping"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: ", explain.Plural(len(c.BestMoves), kind+" move", kind+" moves"))
	for k, m := range c.BestMoves {
		s := m.String()
		if k > 0 {
			s = "; " + s
		}
		if b.Len()+len(s) > maxFieldValueLen-40 {
			fmt.Fprintf(&b, "; … and %d more", len(c.BestMoves)-k)
			break
		}
		b.WriteString(s)
	}
	b.WriteString(".")
	return b.String()
}

// Slow reports whether the answer to i is expected to take long: a verify
// that will search. The transports then defer it after a short wait
// instead of the usual two seconds, so a quick reply never waits behind
// a search.
func (r *Router) Slow(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || len(data.Options) != 1 || data.Options[0] == nil || data.Options[0].Name != "verify" {
		return false
	}
	for _, o := range data.Options[0].Options {
		if o != nil && o.Name == optPosition {
			s, ok := o.Value.(string)
			return ok && len(s) <= maxVerifyLen
		}
	}
	return false
}
