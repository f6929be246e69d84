package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// Option names of /GAME why.
const (
	optMove      = "move"
	optOtherMove = "other_move"
)

// whyOptions are the options /GAME why takes after the position. Discord
// wants required options first and the position is optional (a file may
// give it), so move is checked by the handler instead.
var whyOptions = []*discordgo.ApplicationCommandOption{
	{Type: discordgo.ApplicationCommandOptionString, Name: optMove, MaxLength: 20,
		Description: "The move to look at, as two numbers, e.g. 5 4 (required)"},
	{Type: discordgo.ApplicationCommandOptionString, Name: optOtherMove, MaxLength: 20,
		Description: "A move to compare it with (default: the move the tutor recommends)"},
}

// why answers /GAME why: what a move does, the opponent's reply, the
// better move, and win or lose in N for each.
func (r *Router) why(q *request) (*discordgo.InteractionResponse, error) {
	pos := q.pos
	text := q.str(optMove)
	if text == "" && !solver.HasMoves(pos) {
		// There is no move to ask about: say why the game is over.
		e := stepsEmbed(pos, "No move to look at", explain.WhyNoMove(pos))
		return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, true), nil
	}
	if text == "" {
		return nil, fault.New(fault.EInvalid, optMove, "%s", "give the move to look at, "+pos.Game().MoveFormat())
	}
	m, err := moveOption(pos, optMove, text)
	if err != nil {
		return nil, err
	}
	var other solver.Move
	if t := q.str(optOtherMove); t != "" {
		if other, err = moveOption(pos, optOtherMove, t); err != nil {
			return nil, err
		}
		if other.String() == m.String() {
			return nil, fault.New(fault.EInvalid, optOtherMove, "it is the move in move: (%s); give another move to compare it with, or leave other_move out to compare it with the recommended move", m)
		}
	}
	steps, err := r.t.Why(q.ctx, pos, m, other)
	if err != nil {
		return nil, err
	}
	e := stepsEmbed(pos, "Why "+m.String()+"?", steps)
	return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, true), nil
}

// moveOption reads a move typed as two numbers in the option field.
func moveOption(pos solver.Position, field, text string) (solver.Move, error) {
	m, ok := solver.ParseMove(pos, text)
	if !ok {
		return nil, fault.New(fault.EInvalid, field, "%q is not two numbers; type %s", clipText(text, 40), pos.Game().MoveFormat())
	}
	return m, nil
}
