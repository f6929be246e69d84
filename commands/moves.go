package commands

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
)

// maxMoveRows is how many moves /GAME moves lists: each row is a short
// line, and the table must fit an embed's description.
const maxMoveRows = 60

// moves answers /GAME moves: every legal move with what it is worth to
// the mover, win, lose or tie, in so many moves where the search reaches,
// and the recommended move marked.
func (r *Router) moves(q *request) (*discordgo.InteractionResponse, error) {
	mt := r.t.Moves(q.ctx, q.pos, maxMoveRows)
	e := &discordgo.MessageEmbed{
		Title:       "Move values: " + verdictTitle(mt.Result),
		Description: positionLine(q.pos) + "\n\n" + MoveTableText(mt.Rows, mt.More),
		Color:       outcomeColour(mt.Result.Outcome),
	}
	return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, true), nil
}

// MoveTableText writes a move table as lines, one per move: the move's
// two numbers as typed in play, its value, and a mark on the recommended
// move. The command line prints the same text.
func MoveTableText(rows []explain.MoveRow, more int) string {
	if len(rows) == 0 {
		return "No legal move: the game is over."
	}
	var b strings.Builder
	b.WriteString("```\n")
	exact := true
	for _, row := range rows {
		a, c := row.Move.Numbers()
		line := fmt.Sprintf("%-9s %s", fmt.Sprintf("%d %d", a, c), explain.RowText(row))
		if row.Recommended {
			line = fmt.Sprintf("%-28s ← recommended", line)
		}
		b.WriteString(line + "\n")
		exact = exact && row.Remoteness >= 0
	}
	b.WriteString("```")
	switch {
	case more >= explain.MaxCounted-len(rows):
		fmt.Fprintf(&b, "\n… and more than %d other moves.", more)
	case more > 0:
		fmt.Fprintf(&b, "\n… and %s.", explain.Plural(more, "other move", "other moves"))
	}
	if !exact {
		b.WriteString("\nThe position is beyond the search's reach, so the values give the outcome without the number of moves.")
	}
	return b.String()
}
