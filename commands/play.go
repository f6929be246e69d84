package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/fault"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/play"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
)

// A game against the bot lives entirely in its message's controls: each
// custom_id is "play:GAME:OWNER:SIDE:KEPT:MOVES:ACTION:state", signed, so
// any replica can take the next move and a forged id is refused. OWNER is
// the student who started the game; SIDE the player they are; KEPT of
// MOVES their moves kept the best outcome they had.
const playPrefix = "play"

// The actions a game's controls carry.
const (
	actionMenu   = "m" // a move picked from the select menu
	actionType   = "t" // open the form to type a move
	actionSubmit = "s" // the typed move
	actionBack   = "b" // take back the last move: the state is the position before it
)

// optBotFirst lets the bot make the first move.
const optBotFirst = "bot_first"

// errGameExpired answers a click on a game whose state, too long for the
// custom_id, has left the store. A game whose state sits in its custom_id
// never expires: each click brings a fresh interaction token.
var errGameExpired = fault.New(fault.EExpired, "game", "this game's position is no longer stored; start a new one with the play command")

// game is one game in progress, as its controls carry it: the session
// and the student who started it.
type game struct {
	play.Session
	owner string
}

func (gm game) head(action string) string {
	return fmt.Sprintf("%s:%s:%s:%d:%d:%d:%s", playPrefix, gm.Pos.Game().Name(), gm.owner, gm.Side, gm.Kept, gm.Moves, action)
}

// play answers /GAME play: the board, and the bot's first move if asked.
func (r *Router) play(q *request) (*discordgo.InteractionResponse, error) {
	session, turn, err := play.Start(q.ctx, q.pos, q.boolean(optBotFirst))
	if err != nil {
		return nil, err
	}
	gm, events := game{Session: session, owner: userID(q.i)}, turn.Events
	r.recordStart(q.ctx, q.i, q.pos, gm)
	return newMessage(r.gameMessage(q.ctx, gm, events), true), nil
}

// openGame reads a game from a control's custom_id and checks who clicked.
func (r *Router) openGame(i *discordgo.Interaction, customID string) (game, string, error) {
	head, pos, err := r.openPosition(customID, gameID)
	if err != nil {
		return game{}, "", err
	}
	ns, ok := numbers(head[3:6]...)
	if !ok || ns[0] < 0 || ns[0] > 1 {
		return game{}, "", errBadState
	}
	gm := game{Session: play.Session{Pos: pos, Side: solver.Player(ns[0]), Kept: ns[1], Moves: ns[2]}, owner: head[2]}
	if userID(i) != gm.owner {
		return game{}, "", fault.New(fault.EForbidden, "", "this game belongs to <@%s>; start your own with /%s play", gm.owner, pos.Game().Name())
	}
	return gm, head[6], nil
}

// playClick answers a click on a game's controls, or its typed-move form.
func (r *Router) playClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	gm, action, err := r.openGame(i, id)
	if err != nil {
		return nil, err
	}
	switch action {
	case actionType:
		return typeMoveForm(r.customID(gm.head(actionSubmit), gm.Pos), gm.Pos), nil
	case actionBack:
		events := []string{"You take your move back. Try again from here."}
		return updateMessage(r.gameMessage(ctx, gm, events)), nil
	case actionMenu:
		m, err := menuMove(i, gm.Pos)
		if err != nil {
			return nil, err
		}
		return r.studentMove(ctx, gm, m)
	case actionSubmit:
		m, err := typedMove(i, gm.Pos)
		var ie *fault.Error
		if errors.As(err, &ie) {
			return r.tryAgain(ctx, gm, ie), nil
		}
		if err != nil {
			return nil, err
		}
		return r.studentMove(ctx, gm, m)
	}
	return nil, errBadState
}

// tryAgain answers a move that cannot be played by showing the same
// board and controls again, with what was wrong on top: the game goes on.
func (r *Router) tryAgain(ctx context.Context, gm game, err *fault.Error) *discordgo.InteractionResponse {
	events := []string{"⚠️ " + explain.Capitalise(err.Error()) + ". Try another move."}
	return updateMessage(r.gameMessage(ctx, gm, events))
}

// moveInputID is the custom_id of the form's text input.
const moveInputID = "move"

// typeMoveForm is the form to type a move in pos, submitted under
// customID: one text input wrapped in a Label, as Discord recommends for
// modals. Games and practice puzzles share it.
func typeMoveForm(customID string, pos solver.Position) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID: customID,
			Title:    "Your move",
			Components: []discordgo.MessageComponent{discordx.Label{
				Label:       "Two numbers",
				Description: clipText(explain.Capitalise(pos.Game().MoveFormat()), 100),
				Component: discordx.TextInput{
					CustomID:    moveInputID,
					Style:       discordgo.TextInputShort,
					Placeholder: clipText(moveExample(pos), 100),
					Required:    true,
					MaxLength:   20,
				},
			}},
		},
	}
}

// typedMove reads the move typed into typeMoveForm for pos.
func typedMove(i *discordgo.Interaction, pos solver.Position) (solver.Move, error) {
	data, _ := i.Data.(discordgo.ModalSubmitInteractionData)
	text, ok := discordx.TextValue(data.Components, moveInputID)
	if !ok {
		return nil, fault.New(fault.EInvalid, "move", "the form came back without its move field; click \"Type a move\" again")
	}
	return moveOption(pos, moveInputID, text)
}

// moveExample is the example at the end of Game.MoveFormat ("5 4").
func moveExample(pos solver.Position) string {
	f := pos.Game().MoveFormat()
	if k := strings.LastIndex(f, "e.g. "); k >= 0 {
		return f[k+len("e.g. "):]
	}
	return f
}

// studentMove plays the student's move, says what it did to their
// chances, and answers with the bot's move. A move that cannot be played
// shows the same game again, with what was wrong.
func (r *Router) studentMove(ctx context.Context, gm game, m solver.Move) (*discordgo.InteractionResponse, error) {
	was := gm
	turn, err := gm.Move(ctx, m)
	var ie *fault.Error
	switch {
	case errors.As(err, &ie):
		return r.tryAgain(ctx, was, ie), nil
	case errors.Is(err, play.ErrNotYourTurn):
		return nil, errBadState
	case err != nil:
		return nil, err
	}
	data := r.gameMessage(ctx, gm, turn.Events)
	if len(turn.Why) > 0 {
		data.Embeds = append(data.Embeds, &discordgo.MessageEmbed{Title: "Why " + m.String() + " is worse", Color: colourLoss, Fields: stepFields(turn.Why)})
		// Take back: the same controls' game, at the position before the move.
		back := discordgo.Button{Label: "Take back", Style: discordgo.DangerButton, CustomID: r.customID(was.head(actionBack), was.Pos)}
		data.Components = append(data.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{back}})
	}
	if review := r.recordTurn(was, gm, m); review != nil {
		data.Embeds = append(data.Embeds, review)
	}
	return updateMessage(data), nil
}

// gameMessage draws the game: what happened, the position, and the
// student's controls, or the result when the game is over.
func (r *Router) gameMessage(ctx context.Context, gm game, events []string) *discordgo.InteractionResponseData {
	g := gm.Pos.Game()
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s: you are %s", g.Name(), g.PlayerName(gm.Side)),
		Description: strings.Join(events, "\n") + "\n\n" + positionLine(gm.Pos),
		Color:       colourHint,
	}
	if st := explain.Status(gm.Pos); st != "" {
		e.Description += "\n" + st
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	r.attachPicture(ctx, data, e, gm.Pos, false)
	if gm.Over() {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Game over", Value: gm.Summary()})
		return data
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Your move: pick one, or type it (" + gm.Pos.Game().MoveFormat() + ")."}
	data.Components = moveControls(gm.Pos, func() string { return r.customID(gm.head(actionMenu), gm.Pos) }, r.customID(gm.head(actionType), gm.Pos))
	return data
}

// moveControls are the controls to move in pos, which games and practice
// puzzles share: a row with a menu of the moves, sent under the custom_id
// menuID makes (no row when there are too many moves for a menu), then a
// row with a "Type a move" button under typeID and the buttons of more.
func moveControls(pos solver.Position, menuID func() string, typeID string, more ...discordgo.MessageComponent) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if moves := solver.FirstMoves(pos, maxSelectOptions+1); len(moves) <= maxSelectOptions {
		var opts []discordgo.SelectMenuOption
		for _, m := range moves {
			opts = append(opts, discordgo.SelectMenuOption{Label: clipText(explain.Capitalise(m.String()), 100), Value: practice.MoveText(m)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: menuID(), Placeholder: "Choose your move", Options: opts,
		}}})
	}
	typeMove := discordgo.Button{Label: "Type a move", Style: discordgo.SecondaryButton, CustomID: typeID}
	return append(rows, discordgo.ActionsRow{Components: append([]discordgo.MessageComponent{typeMove}, more...)})
}

// menuMove reads the move picked from moveControls' menu for pos.
func menuMove(i *discordgo.Interaction, pos solver.Position) (solver.Move, error) {
	data, _ := i.Data.(discordgo.MessageComponentInteractionData)
	if len(data.Values) != 1 {
		return nil, fault.New(fault.EInvalid, "move", "pick one move from the menu (Discord sent %d)", len(data.Values))
	}
	m, ok := solver.ParseMove(pos, data.Values[0])
	if !ok {
		return nil, fault.New(fault.EInvalid, "move", "the menu's choice %q is not a move; pick one from the menu", clipText(data.Values[0], 40))
	}
	return m, nil
}
