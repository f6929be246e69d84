package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
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
)

// optBotFirst lets the bot make the first move.
const optBotFirst = "bot_first"

// tokenLife is how long Discord lets an interaction's message be edited;
// a game idle for longer has expired.
const tokenLife = 15 * time.Minute

var errGameExpired = &solver.InputError{Field: "game", Msg: "this game has expired; start a new one with the play command"}

// game is one game in progress, as its controls carry it.
type game struct {
	pos         solver.Position
	owner       string
	side        solver.Player
	kept, moves int
	// last is the bot's latest move, for the game's record.
	last solver.Move
}

func (gm game) head(action string) string {
	return fmt.Sprintf("%s:%s:%s:%d:%d:%d:%s", playPrefix, gm.pos.Game().Name(), gm.owner, gm.side, gm.kept, gm.moves, action)
}

// play answers /GAME play: the board, and the bot's first move if asked.
func (r *Router) play(q *request) (*discordgo.InteractionResponse, error) {
	pos, err := q.position()
	if err != nil {
		return nil, err
	}
	gm := game{pos: pos, owner: userID(q.i), side: pos.ToMove()}
	var events []string
	if q.boolean(optBotFirst) {
		gm.side = pos.ToMove().Other()
		events = append(events, fmt.Sprintf("You play %s; the bot moves first.", pos.Game().PlayerName(gm.side)))
		if gm, events, err = r.botMove(gm, events); err != nil {
			return nil, err
		}
	} else {
		events = append(events, fmt.Sprintf("You play %s and move first.", pos.Game().PlayerName(gm.side)))
	}
	r.recordStart(q.ctx, q.i, pos, gm)
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: r.gameMessage(gm, events),
	}, nil
}

// openGame reads a game from a control's custom_id and checks who clicked
// and how old the message is.
func (r *Router) openGame(i *discordgo.Interaction, customID string) (game, string, error) {
	head, st, err := r.openCustomID(customID, errGameExpired)
	if err != nil {
		return game{}, "", err
	}
	if len(head) != 7 {
		return game{}, "", errBadState
	}
	g, err := solver.Lookup(head[1])
	if err != nil {
		return game{}, "", errBadState
	}
	gm := game{owner: head[2]}
	side, err1 := strconv.Atoi(head[3])
	kept, err2 := strconv.Atoi(head[4])
	moves, err3 := strconv.Atoi(head[5])
	if err1 != nil || err2 != nil || err3 != nil || side < 0 || side > 1 {
		return game{}, "", errBadState
	}
	gm.side, gm.kept, gm.moves = solver.Player(side), kept, moves
	if gm.pos, err = st.position(g); err != nil {
		return game{}, "", err
	}
	if who := userID(i); who != gm.owner {
		return game{}, "", &notYourGame{owner: gm.owner, game: g.Name()}
	}
	if i.Message != nil {
		last := i.Message.Timestamp
		if i.Message.EditedTimestamp != nil {
			last = *i.Message.EditedTimestamp
		}
		if !last.IsZero() && r.now().Sub(last) > tokenLife {
			return game{}, "", errGameExpired
		}
	}
	return gm, head[6], nil
}

// notYourGame answers a click from someone who did not start the game.
type notYourGame struct{ owner, game string }

func (e *notYourGame) Error() string {
	return fmt.Sprintf("this game belongs to <@%s>; start your own with /%s play", e.owner, e.game)
}

// playClick answers a click on a game's controls.
func (r *Router) playClick(_ context.Context, i *discordgo.Interaction, _ []string) (*discordgo.InteractionResponse, error) {
	data := i.MessageComponentData()
	gm, action, err := r.openGame(i, data.CustomID)
	if err != nil {
		return nil, err
	}
	switch action {
	case actionType:
		return r.moveForm(gm), nil
	case actionMenu:
		if len(data.Values) != 1 {
			return nil, errBadState
		}
		a, b, ok := parseTwoNumbers(data.Values[0])
		if !ok {
			return nil, errBadState
		}
		return r.studentMove(gm, solver.MoveOf(gm.pos, a, b))
	}
	return nil, errBadState
}

// playSubmit answers the typed-move form.
func (r *Router) playSubmit(_ context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	data := i.ModalSubmitData()
	gm, action, err := r.openGame(i, data.CustomID)
	if err != nil {
		return nil, err
	}
	if action != actionSubmit {
		return nil, errBadState
	}
	text := modalValue(data)
	a, b, ok := parseTwoNumbers(text)
	if !ok {
		return r.tryAgain(gm, &solver.InputError{Field: "move", Msg: fmt.Sprintf("%q is not two numbers; type %s", clipText(text, 40), solver.MoveFormat(gm.pos))}), nil
	}
	return r.studentMove(gm, solver.MoveOf(gm.pos, a, b))
}

// tryAgain answers a move that cannot be played by showing the same
// board and controls again, with what was wrong on top: the game goes on.
func (r *Router) tryAgain(gm game, err *solver.InputError) *discordgo.InteractionResponse {
	events := []string{"⚠️ " + capitalise(err.Error()) + ". Try another move."}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: r.gameMessage(gm, events)}
}

// moveForm opens the form to type a move.
func (r *Router) moveForm(gm game) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID: r.customID(gm.head(actionSubmit), stateOf(gm.pos)),
			Title:    "Your move",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{
					CustomID:    "move",
					Label:       "Two numbers",
					Style:       discordgo.TextInputShort,
					Placeholder: clipText(solver.MoveFormat(gm.pos), 100),
					Required:    true,
					MaxLength:   20,
				},
			}}},
		},
	}
}

// studentMove plays the student's move, says what it did to their
// chances, and answers with the bot's move.
func (r *Router) studentMove(gm game, m solver.Move) (*discordgo.InteractionResponse, error) {
	if gm.pos.ToMove() != gm.side {
		return nil, errBadState
	}
	before := solve(gm.pos)
	forced := len(solver.FirstMoves(gm.pos, 2)) == 1
	next, err := gm.pos.Play(m)
	var ie *solver.InputError
	if errors.As(err, &ie) {
		return r.tryAgain(gm, ie), nil
	}
	if err != nil {
		return nil, err
	}
	after, _ := next.Analyze()
	var events []string
	gm.moves++
	switch {
	case -after == before.Outcome:
		gm.kept++
		switch {
		case forced:
			events = append(events, fmt.Sprintf("You %s. It was your only move.", m))
		case before.Outcome == solver.Win:
			events = append(events, fmt.Sprintf("You %s. Good: you keep a winning position.", m))
		case before.Outcome == solver.Tie:
			events = append(events, fmt.Sprintf("You %s. You keep the tie.", m))
		default:
			events = append(events, fmt.Sprintf("You %s. You were already losing against perfect play; nothing wins here.", m))
		}
	default:
		lost := "the win"
		if before.Outcome == solver.Tie {
			lost = "the tie"
		}
		events = append(events, fmt.Sprintf("You %s. That throws away %s: %s would have kept it.", m, lost, before.Move))
	}
	was := gm
	gm.pos = next
	gm, events, err = r.botMove(gm, events)
	if err != nil {
		return nil, err
	}
	data := r.gameMessage(gm, events)
	if review := r.recordTurn(was, gm, m); review != nil {
		data.Embeds = append(data.Embeds, review)
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, nil
}

// botMove plays the bot's reply if the game is not over: the move the
// tutor recommends, which in a lost position is the slowest loss.
func (r *Router) botMove(gm game, events []string) (game, []string, error) {
	if gm.pos.ToMove() == gm.side || !solver.HasMoves(gm.pos) {
		return gm, events, nil
	}
	res := solve(gm.pos)
	m, v, exact := explain.Recommend(res)
	if m == nil {
		return gm, events, fmt.Errorf("no move recommended in %s %q", gm.pos.Game().Name(), gm.pos)
	}
	next, err := gm.pos.Play(m)
	if err != nil {
		return gm, events, err
	}
	events = append(events, "The bot answers: "+m.String()+". "+whyBotMove(res, next, v, exact))
	gm.pos, gm.last = next, m
	return gm, events, nil
}

// whyBotMove says in one sentence why the bot's move is good.
func whyBotMove(res solver.Result, next solver.Position, v solver.Value, exact bool) string {
	o, _ := next.Analyze()
	switch {
	case res.Outcome == solver.Win && o == solver.Loss:
		return "It leaves you a losing position: " + explain.KeyNumbers(next) + "."
	case res.Outcome == solver.Tie:
		return "It keeps the game a tie: " + explain.KeyNumbers(next) + "."
	case exact:
		return fmt.Sprintf("The bot is losing against perfect play, so it holds out as long as it can (%s) and waits for your mistake.", explain.ValueText(v))
	}
	return "The bot is losing against perfect play, so it leaves you as few winning replies as it can and waits for your mistake."
}

// gameMessage draws the game: what happened, the position, and the
// student's controls, or the result when the game is over.
func (r *Router) gameMessage(gm game, events []string) *discordgo.InteractionResponseData {
	g := gm.pos.Game()
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s: you are %s", g.Name(), g.PlayerName(gm.side)),
		Description: strings.Join(events, "\n") + "\n\n" + positionLine(gm.pos),
		Color:       colourHint,
	}
	if st := explain.Status(gm.pos); st != "" {
		e.Description += "\n" + st
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	r.attachPicture(data, e, gm.pos, false)
	if !solver.HasMoves(gm.pos) {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Game over", Value: explain.GameOver(gm.pos) + " " + gameOver(gm)})
		return data
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Your move: pick one, or type it (" + solver.MoveFormat(gm.pos) + ")."}
	moves := solver.FirstMoves(gm.pos, maxSelectOptions+1)
	var rows []discordgo.MessageComponent
	if len(moves) <= maxSelectOptions {
		var opts []discordgo.SelectMenuOption
		for _, m := range moves {
			a, b := solver.MoveNumbers(m)
			opts = append(opts, discordgo.SelectMenuOption{Label: clipText(capitalise(m.String()), 100), Value: fmt.Sprintf("%d %d", a, b)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: r.customID(gm.head(actionMenu), stateOf(gm.pos)), Placeholder: "Choose your move", Options: opts,
		}}})
	}
	rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
		Label: "Type a move", Style: discordgo.SecondaryButton, CustomID: r.customID(gm.head(actionType), stateOf(gm.pos)),
	}}})
	data.Components = rows
	return data
}

// gameOver says who won and how the student played.
func gameOver(gm game) string {
	o := gm.pos.Terminal() // for the player to move, who cannot
	var result string
	switch {
	case o == solver.Tie:
		result = "It's a tie."
	case (o == solver.Win) == (gm.pos.ToMove() == gm.side):
		result = "You won!"
	default:
		result = "The bot won."
	}
	switch {
	case gm.moves == 0:
		return result + " You made no move."
	case gm.moves == 1 && gm.kept == 1:
		return result + " Your one move kept your best outcome."
	case gm.moves == 1:
		return result + " Your one move gave away your best outcome."
	case gm.kept == gm.moves:
		return fmt.Sprintf("%s All %d of your moves kept your best outcome.", result, gm.moves)
	}
	return fmt.Sprintf("%s %d of your %d moves kept your best outcome.", result, gm.kept, gm.moves)
}

// parseTwoNumbers reads "a b" (spaces, commas or a dash between).
func parseTwoNumbers(s string) (int, int, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '-' || r == '>' })
	if len(f) != 2 {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(f[0])
	b, err2 := strconv.Atoi(f[1])
	return a, b, err1 == nil && err2 == nil
}

// modalValue returns the first text field of a submitted form.
func modalValue(data discordgo.ModalSubmitInteractionData) string {
	for _, row := range data.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if t, ok := c.(*discordgo.TextInput); ok {
				return t.Value
			}
		}
	}
	return ""
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
