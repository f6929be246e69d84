package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// A duel between two members lives in the store (tutor.Duel); its
// message's controls carry "duel:ACTION:RECORD:PLY", signed: the record
// id and how many moves the duel had at this board. Every click reads
// the record, so a restart or another replica loses nothing, and the
// tutor checks who clicked: only the challenged member answers the
// challenge, only the player to move moves.
const duelPrefix = "duel"

// The actions a duel's controls carry.
const (
	duelAccept  = "a"
	duelDecline = "d"
	duelRematch = "r"
	// actionMenu, actionType and actionSubmit as in a game's controls.
)

// duelOptions are /duel's options beyond game.
func duelOptions() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionUser, Name: optUser, Description: "The member you challenge", Required: true},
		gameOption(true),
		{Type: discordgo.ApplicationCommandOptionString, Name: optPosition, MaxLength: solver.MaxPositionLen,
			Description: "The starting position (the game's usual text); left out, the bot picks one that takes care"},
		{Type: discordgo.ApplicationCommandOptionString, Name: optFirst,
			Description: "Who moves first in position, for games that need it (a player's name)"},
	}
}

// duelID is the signed custom_id of a duel's control.
func (r *Router) duelID(action, record string, ply int) string {
	return r.signer.sign(strings.Join([]string{duelPrefix, action, record, strconv.Itoa(ply)}, ":"))
}

// duel answers /duel: the challenge, public, with Accept and Decline.
func (r *Router) duel(q *request) (*discordgo.InteractionResponse, error) {
	g, err := solver.Lookup(q.str(optGame))
	if err != nil {
		return nil, fault.New(fault.EInvalid, optGame, "%s", fault.Message(err))
	}
	var pos solver.Position
	if text := q.str(optPosition); text != "" {
		if pos, err = g.Parse(text, solver.ParseOptions{First: q.str(optFirst)}); err != nil {
			return nil, err
		}
	}
	other := q.str(optUser)
	if other == "" {
		return nil, fault.New(fault.EInvalid, optUser, "name the member you challenge with user:")
	}
	d, err := r.t.Challenge(q.ctx, userID(q.i), other, q.i.GuildID, g, pos, isBot(q.i, other))
	if err != nil {
		return nil, err
	}
	return newMessage(r.duelMessage(d), true), nil
}

// isBot reports whether the interaction's resolved data says user is a
// bot (Discord sends the users a USER option names).
func isBot(i *discordgo.Interaction, user string) bool {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || data.Resolved == nil || data.Resolved.Users[user] == nil {
		return false
	}
	return data.Resolved.Users[user].Bot
}

// duelClick answers a click on a duel's controls, or its move form.
func (r *Router) duelClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	data, err := r.signer.open(id)
	if err != nil {
		return nil, err
	}
	f := strings.Split(data, ":")
	if len(f) != 4 || f[0] != duelPrefix || len(f[2]) != recordIDLen {
		return nil, errBadState
	}
	action, record := f[1], f[2]
	ply, err := strconv.Atoi(f[3])
	if err != nil || ply < 0 {
		return nil, errBadState
	}
	user := userID(i)
	var d tutor.Duel
	switch action {
	case duelAccept, duelDecline:
		d, err = r.t.AnswerChallenge(ctx, user, record, action == duelAccept)
	case duelRematch:
		re, err := r.t.Rematch(ctx, user, record)
		if err != nil {
			return nil, err
		}
		// The rematch is a new challenge, in a message of its own.
		return newMessage(r.duelMessage(re), true), nil
	case actionType:
		if d, err = r.t.DuelAt(ctx, user, record, ply); err != nil {
			return nil, err
		}
		return typeMoveForm(r.duelID(actionSubmit, record, ply), d.Pos), nil
	case actionMenu:
		d, err = r.t.DuelMove(ctx, user, record, ply, func(pos solver.Position) (solver.Move, error) { return menuMove(i, pos) })
	case actionSubmit:
		d, err = r.t.DuelMove(ctx, user, record, ply, func(pos solver.Position) (solver.Move, error) { return typedMove(i, pos) })
	default:
		return nil, errBadState
	}
	if err != nil {
		return nil, err
	}
	return updateMessage(r.duelMessage(d)), nil
}

// duelMessage draws duel d: what happened, the board, whose turn it is
// and their controls; the challenge's buttons; or the result, both
// players' reviews and a rematch button.
func (r *Router) duelMessage(d tutor.Duel) *discordgo.InteractionResponseData {
	game := d.Pos.Game()
	first, second := game.PlayerName(solver.Player(d.StartMover)), game.PlayerName(solver.Player(1-d.StartMover))
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Duel of %s", game.Name()),
		Description: strings.Join(d.Events, "\n") + fmt.Sprintf("\n<@%s> plays %s (moves first), <@%s> plays %s.\n\n",
			d.First, first, d.Second, second) + positionLine(d.Pos),
		Color: colourHint,
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{},
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{}}}
	attachPicture(data, e, d.Pos, d.Picture)
	switch d.Status {
	case tutor.DuelOffered:
		data.Content = fmt.Sprintf("<@%s>, you are challenged to a duel!", d.Challenged())
		data.AllowedMentions.Users = []string{d.Challenged()}
		e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Only the challenged member can answer, within %d minutes.", int(tutor.DuelOfferTTL.Minutes()))}
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: r.duelID(duelAccept, d.ID, 0)},
			discordgo.Button{Label: "Decline", Style: discordgo.SecondaryButton, CustomID: r.duelID(duelDecline, d.ID, 0)},
		}}}
	case tutor.DuelDeclined:
		e.Color = colourTie
	case tutor.DuelPlaying:
		ply := len(d.Moves)
		data.Content = fmt.Sprintf("<@%s>, your move (%s).", d.ToMove(), game.PlayerName(d.Pos.ToMove()))
		data.AllowedMentions.Users = []string{d.ToMove()}
		if st := explain.Status(d.Pos); st != "" {
			e.Description += "\n" + st
		}
		e.Footer = &discordgo.MessageEmbedFooter{Text: "Only the player to move can move: pick one, or type it (" + game.MoveFormat() + ")."}
		data.Components = moveControls(d.Pos, func() string { return r.duelID(actionMenu, d.ID, ply) }, r.duelID(actionType, d.ID, ply))
	case tutor.DuelOver:
		winner := map[string]string{"first": d.First, "second": d.Second}[d.Result]
		result := "It's a tie."
		if winner != "" {
			result = fmt.Sprintf("<@%s> wins!", winner)
			e.Color = colourWin
		}
		data.Content = fmt.Sprintf("Duel over: %s <@%s> and <@%s>, here is how each of you played.", result, d.First, d.Second)
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Game over", Value: explain.GameOver(d.Pos) + " " + result})
		for seat, who := range []string{d.First, d.Second} {
			if rev := d.Reviews[seat]; rev != nil {
				re := reviewEmbed(rev)
				re.Title = fmt.Sprintf("Review of %s's moves", []string{first, second}[seat])
				re.Description = clipText(fmt.Sprintf("<@%s>\n", who)+re.Description, maxDescLen/3)
				data.Embeds = append(data.Embeds, re)
			}
		}
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Rematch, sides swapped", Style: discordgo.PrimaryButton, CustomID: r.duelID(duelRematch, d.ID, len(d.Moves))},
		}}}
	}
	return data
}
