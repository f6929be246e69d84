package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/tutor"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// A game against the bot lives in its message's controls: each custom_id
// is "play:GAME:OWNER:RECORD:PLY:SIDE:KEPT:MOVES:ACTION:state", signed, so
// any replica can take the next move and a forged id is refused. OWNER is
// the student who started the game; RECORD the id of its stored record
// ("" when it is not stored) and PLY the moves that record holds at this
// board; SIDE the player they are; KEPT of MOVES their moves kept the
// best outcome they had.
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

// gameHead is the head of a custom_id of g's board with action.
func gameHead(g tutor.Game, action string) string {
	return fmt.Sprintf("%s:%s:%s:%s:%d:%d:%d:%d:%s", playPrefix, g.Pos.Game().Name(), g.Owner, g.Record, g.Ply, g.Side, g.Kept, g.Moves, action)
}

// recordIDLen is the length of a game record's id in a custom_id.
const recordIDLen = tutor.RecordIDLen

// play answers /GAME play: the board, and the bot's first move if asked.
func (r *Router) play(q *request) (*discordgo.InteractionResponse, error) {
	turn, err := r.t.StartGame(q.ctx, userID(q.i), q.i.GuildID, q.pos, q.boolean(optBotFirst))
	if err != nil {
		return nil, err
	}
	return r.turnMessage(q.ctx, turn, newMessage), nil
}

// turnMessage keeps the states the turn's controls need, then renders the
// turn with wrap (newMessage as a public message, or updateMessage).
func (r *Router) turnMessage(ctx context.Context, turn tutor.Turn, wrap func(*discordgo.InteractionResponseData, bool) *discordgo.InteractionResponse) *discordgo.InteractionResponse {
	var back solver.Position
	if turn.Back != nil {
		back = turn.Back.Pos
	}
	r.keepLong(ctx, turn.Game.Owner, turn.Game.Pos, back)
	return wrap(r.turnData(turn), true)
}

// updateTurn is updateMessage with the shape of newMessage.
func updateTurn(data *discordgo.InteractionResponseData, _ bool) *discordgo.InteractionResponse {
	return updateMessage(data)
}

// openGame reads a game from a control's custom_id and checks who clicked.
func (r *Router) openGame(ctx context.Context, i *discordgo.Interaction, customID string) (tutor.Game, string, error) {
	head, pos, err := r.openPosition(ctx, customID, gameID)
	if err != nil {
		return tutor.Game{}, "", err
	}
	if len(head) == 7 {
		// A board from before games were addressed by record: it plays
		// on, unrecorded.
		head = slices.Insert(head, 3, "", "0")
	}
	ns, ok := numbers(head[4:8]...)
	if !ok || ns[0] < 0 || ns[1] < 0 || ns[1] > 1 || len(head[3]) != 0 && len(head[3]) != recordIDLen {
		return tutor.Game{}, "", errBadState
	}
	g := tutor.Game{Session: tutor.Session{Pos: pos, Side: solver.Player(ns[1]), Kept: ns[2], Moves: ns[3]}, Owner: head[2], Record: head[3], Ply: ns[0]}
	if userID(i) != g.Owner {
		return tutor.Game{}, "", fault.New(fault.EForbidden, "", "this game belongs to <@%s>; start your own with /%s play", g.Owner, pos.Game().Name())
	}
	return g, head[8], nil
}

// playClick answers a click on a game's controls, or its typed-move form.
func (r *Router) playClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	g, action, err := r.openGame(ctx, i, id)
	if err != nil {
		return nil, err
	}
	switch action {
	case actionType:
		r.keepLong(ctx, g.Owner, g.Pos)
		return typeMoveForm(r.customID(gameHead(g, actionSubmit), g.Pos), g.Pos), nil
	case actionBack:
		turn, err := r.t.TakeBack(ctx, g)
		if err != nil {
			return nil, err
		}
		return r.turnMessage(ctx, turn, updateTurn), nil
	case actionMenu:
		m, err := menuMove(i, g.Pos)
		if err != nil {
			return nil, err
		}
		return r.studentMove(ctx, g, m)
	case actionSubmit:
		m, err := typedMove(i, g.Pos)
		var ie *fault.Error
		if errors.As(err, &ie) {
			return r.tryAgain(ctx, g, ie), nil
		}
		if err != nil {
			return nil, err
		}
		return r.studentMove(ctx, g, m)
	}
	return nil, errBadState
}

// tryAgain answers a move that cannot be played by showing the same
// board and controls again, with what was wrong on top: the game goes on.
func (r *Router) tryAgain(ctx context.Context, g tutor.Game, err *fault.Error) *discordgo.InteractionResponse {
	events := []string{"⚠️ " + explain.Capitalise(err.Error()) + ". Try another move."}
	png := r.t.Picture(ctx, g.Pos, false)
	return r.turnMessage(ctx, tutor.Turn{Game: g, Events: events, Picture: png}, updateTurn)
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
func (r *Router) studentMove(ctx context.Context, g tutor.Game, m solver.Move) (*discordgo.InteractionResponse, error) {
	turn, err := r.t.Move(ctx, g, m)
	var ie *fault.Error
	switch {
	case errors.As(err, &ie) && ie.Code == fault.EInvalid:
		return r.tryAgain(ctx, g, ie), nil
	case errors.Is(err, tutor.ErrNotYourTurn):
		return nil, errBadState
	case err != nil:
		return nil, err
	}
	resp := r.turnMessage(ctx, turn, updateTurn)
	data := resp.Data
	if len(turn.Why) > 0 {
		data.Embeds = append(data.Embeds, &discordgo.MessageEmbed{Title: "Why " + m.String() + " is worse", Color: colourLoss, Fields: stepFields(turn.Why)})
	}
	if turn.Back != nil {
		// Take back: the same record, at the board before the move.
		back := discordgo.Button{Label: "Take back", Style: discordgo.DangerButton, CustomID: r.customID(gameHead(*turn.Back, actionBack), turn.Back.Pos)}
		data.Components = append(data.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{back}})
	}
	if turn.Review != nil {
		data.Embeds = append(data.Embeds, reviewEmbed(turn.Review))
	}
	return resp, nil
}

// turnData draws the game: what happened, the position, and the
// student's controls, or the result when the game is over.
func (r *Router) turnData(turn tutor.Turn) *discordgo.InteractionResponseData {
	g := turn.Game
	return r.gameMessage(g, turn.Events, turn.Picture)
}

// gameMessage draws game g after events, with its picture png.
func (r *Router) gameMessage(g tutor.Game, events []string, png []byte) *discordgo.InteractionResponseData {
	game := g.Pos.Game()
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s: you are %s", game.Name(), game.PlayerName(g.Side)),
		Description: strings.Join(events, "\n") + "\n\n" + positionLine(g.Pos),
		Color:       colourHint,
	}
	if st := explain.Status(g.Pos); st != "" {
		e.Description += "\n" + st
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	attachPicture(data, e, g.Pos, png)
	if g.Over() {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Game over", Value: g.Summary()})
		return data
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Your move: pick one, or type it (" + game.MoveFormat() + ")."}
	data.Components = moveControls(g.Pos, func() string { return r.customID(gameHead(g, actionMenu), g.Pos) }, r.customID(gameHead(g, actionType), g.Pos))
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
			opts = append(opts, discordgo.SelectMenuOption{Label: clipText(explain.Capitalise(m.String()), 100), Value: tutor.MoveText(m)})
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
