package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"

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
	actionBack   = "b" // take back the last move: the state is the position before it
)

// optBotFirst lets the bot make the first move.
const optBotFirst = "bot_first"

// errGameExpired answers a click on a game whose state, too long for the
// custom_id, has left the store. A game whose state sits in its custom_id
// never expires: each click brings a fresh interaction token.
var errGameExpired = &solver.InputError{Field: "game", Msg: "this game's position is no longer stored; start a new one with the play command"}

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
		o, cancel := newOracle(q.ctx, pos.Game())
		defer cancel()
		if gm, events, err = r.botMove(o, gm, events); err != nil {
			return nil, err
		}
	} else {
		events = append(events, fmt.Sprintf("You play %s and move first.", pos.Game().PlayerName(gm.side)))
	}
	r.recordStart(q.ctx, q.i, pos, gm)
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: r.gameMessage(q.ctx, gm, events),
	}, nil
}

// openGame reads a game from a control's custom_id and checks who clicked.
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
	return gm, head[6], nil
}

// notYourGame answers a click from someone who did not start the game.
type notYourGame struct{ owner, game string }

func (e *notYourGame) Error() string {
	return fmt.Sprintf("this game belongs to <@%s>; start your own with /%s play", e.owner, e.game)
}

// playClick answers a click on a game's controls.
func (r *Router) playClick(ctx context.Context, i *discordgo.Interaction, _ []string) (*discordgo.InteractionResponse, error) {
	data, _ := i.Data.(discordgo.MessageComponentInteractionData)
	gm, action, err := r.openGame(i, data.CustomID)
	if err != nil {
		return nil, err
	}
	switch action {
	case actionType:
		return r.moveForm(gm), nil
	case actionBack:
		events := []string{"You take your move back. Try again from here."}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: r.gameMessage(ctx, gm, events)}, nil
	case actionMenu:
		if len(data.Values) != 1 {
			return nil, &solver.InputError{Field: "move", Msg: fmt.Sprintf("pick one move from the menu (Discord sent %d)", len(data.Values))}
		}
		a, b, ok := parseTwoNumbers(data.Values[0])
		if !ok {
			return nil, &solver.InputError{Field: "move", Msg: fmt.Sprintf("the menu's choice %q is not a move; pick one from the menu", clipText(data.Values[0], 40))}
		}
		return r.studentMove(ctx, gm, solver.MoveOf(gm.pos, a, b))
	}
	return nil, errBadState
}

// playSubmit answers the typed-move form.
func (r *Router) playSubmit(ctx context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	data, _ := i.Data.(discordgo.ModalSubmitInteractionData)
	gm, action, err := r.openGame(i, data.CustomID)
	if err != nil {
		return nil, err
	}
	if action != actionSubmit {
		return nil, errBadState
	}
	m, err := typedMove(data, gm.pos)
	var ie *solver.InputError
	if errors.As(err, &ie) {
		return r.tryAgain(ctx, gm, ie), nil
	}
	if err != nil {
		return nil, err
	}
	return r.studentMove(ctx, gm, m)
}

// tryAgain answers a move that cannot be played by showing the same
// board and controls again, with what was wrong on top: the game goes on.
func (r *Router) tryAgain(ctx context.Context, gm game, err *solver.InputError) *discordgo.InteractionResponse {
	events := []string{"⚠️ " + capitalise(err.Error()) + ". Try another move."}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: r.gameMessage(ctx, gm, events)}
}

// moveInputID is the custom_id of the form's text input.
const moveInputID = "move"

// moveForm opens the form to type a move in gm.
func (r *Router) moveForm(gm game) *discordgo.InteractionResponse {
	return typeMoveForm(r.customID(gm.head(actionSubmit), stateOf(gm.pos)), gm.pos)
}

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
				Description: clipText(capitalise(solver.MoveFormat(pos)), 100),
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
func typedMove(data discordgo.ModalSubmitInteractionData, pos solver.Position) (solver.Move, error) {
	text, ok := discordx.TextValue(data.Components, moveInputID)
	if !ok {
		return nil, &solver.InputError{Field: "move", Msg: "the form came back without its move field; click \"Type a move\" again"}
	}
	a, b, ok := parseTwoNumbers(text)
	if !ok {
		return nil, &solver.InputError{Field: "move", Msg: fmt.Sprintf("%q is not two numbers; type %s", clipText(text, 40), solver.MoveFormat(pos))}
	}
	return solver.MoveOf(pos, a, b), nil
}

// moveExample is the example at the end of solver.MoveFormat ("5 4").
func moveExample(pos solver.Position) string {
	f := solver.MoveFormat(pos)
	if k := strings.LastIndex(f, "e.g. "); k >= 0 {
		return f[k+len("e.g. "):]
	}
	return f
}

// newOracle returns the search that counts moves for one reply, and the
// function that releases its timer.
func newOracle(ctx context.Context, g solver.Game) (*solver.Oracle, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	return solver.NewOracle(ctx, g, solver.ReachBudget), cancel
}

// studentMove plays the student's move, says what it did to their
// chances, and answers with the bot's move.
func (r *Router) studentMove(ctx context.Context, gm game, m solver.Move) (*discordgo.InteractionResponse, error) {
	if gm.pos.ToMove() != gm.side {
		return nil, errBadState
	}
	o, cancel := newOracle(ctx, gm.pos.Game())
	defer cancel()
	before := solver.Solve(gm.pos)
	before.Move = explain.LocalMove(before)
	best, bestOK := o.Value(gm.pos)
	forced := len(solver.FirstMoves(gm.pos, 2)) == 1
	next, err := gm.pos.Play(m)
	var ie *solver.InputError
	if errors.As(err, &ie) {
		return r.tryAgain(ctx, gm, ie), nil
	}
	if err != nil {
		return nil, err
	}
	mine, mineOK := o.After(gm.pos, m)
	counted := bestOK && mineOK
	after, _ := next.Analyze()
	var events []string
	gm.moves++
	// worse is set when the move throws the outcome away, or keeps it the
	// slow way without following the strategy: the reply then shows why,
	// with a button to take the move back.
	worse := false
	taught := before.Move != nil && before.Move.String() == m.String()
	switch {
	case -after == before.Outcome:
		gm.kept++
		switch {
		case forced:
			events = append(events, fmt.Sprintf("You %s. It was your only move.", m))
		case taught && counted && mine.Remoteness > best.Remoteness:
			events = append(events, fmt.Sprintf("You %s. Good: the move the strategy teaches, winning in %s (the quickest win takes %d).", m, plural(mine.Remoteness, "move", "moves"), best.Remoteness))
		case before.Outcome == solver.Win && counted && mine.Remoteness > best.Remoteness:
			worse = true
			events = append(events, fmt.Sprintf("You %s. Still winning, but slower: %d moves instead of %d.", m, mine.Remoteness, best.Remoteness))
		case before.Outcome == solver.Win && counted:
			events = append(events, fmt.Sprintf("You %s. Good: the quickest win, %s to the end.", m, plural(mine.Remoteness, "move", "moves")))
		case before.Outcome == solver.Win:
			events = append(events, fmt.Sprintf("You %s. Good: you keep a winning position.", m))
		case before.Outcome == solver.Tie:
			events = append(events, fmt.Sprintf("You %s. You keep the tie.", m))
		case counted && mine.Remoteness < best.Remoteness:
			worse = true
			events = append(events, fmt.Sprintf("You %s. You were already losing against perfect play, and this loses sooner: %d moves instead of %d.", m, mine.Remoteness, best.Remoteness))
		default:
			events = append(events, fmt.Sprintf("You %s. You were already losing against perfect play; nothing wins here.", m))
		}
	default:
		worse = true
		lost := "the win"
		if before.Outcome == solver.Tie {
			lost = "the tie"
		}
		events = append(events, fmt.Sprintf("You %s. That throws away %s: %s would have kept it.", m, lost, before.Move))
	}
	var why []explain.Step
	if worse {
		why, _ = explain.Why(ctx, before, m, nil)
	}
	was := gm
	gm.pos = next
	gm, events, err = r.botMove(o, gm, events)
	if err != nil {
		return nil, err
	}
	data := r.gameMessage(ctx, gm, events)
	if len(why) > 0 {
		e := &discordgo.MessageEmbed{Title: "Why " + m.String() + " is worse", Color: colourLoss}
		for _, s := range why {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: s.Title, Value: s.Body})
		}
		data.Embeds = append(data.Embeds, e)
		// Take back: the same controls' game, at the position before the move.
		back := discordgo.Button{Label: "Take back", Style: discordgo.DangerButton, CustomID: r.customID(was.head(actionBack), stateOf(was.pos))}
		data.Components = append(data.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{back}})
	}
	if review := r.recordTurn(was, gm, m); review != nil {
		data.Embeds = append(data.Embeds, review)
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, nil
}

// botMove plays the bot's reply if the game is not over: the move the
// tutor recommends (the taught move; in a lost position the slowest loss).
func (r *Router) botMove(o *solver.Oracle, gm game, events []string) (game, []string, error) {
	if gm.pos.ToMove() == gm.side || !solver.HasMoves(gm.pos) {
		return gm, events, nil
	}
	res := solver.Solve(gm.pos)
	m, v, exact := explain.Recommend(res)
	if m == nil {
		return gm, events, fmt.Errorf("no move recommended in %s %q", gm.pos.Game().Name(), gm.pos)
	}
	next, err := gm.pos.Play(m)
	if err != nil {
		return gm, events, err
	}
	events = append(events, "The bot answers: "+m.String()+". "+whyBotMove(o, res, next, v, exact))
	gm.pos, gm.last = next, m
	return gm, events, nil
}

// whyBotMove says in one sentence why the bot's move is good.
func whyBotMove(o *solver.Oracle, res solver.Result, next solver.Position, v solver.Value, exact bool) string {
	after, _ := next.Analyze()
	left := ""
	if nv, ok := o.Value(next); ok && nv.Remoteness > 0 && res.Outcome != solver.Loss {
		n := plural(nv.Remoteness, "move", "moves")
		switch nv.Outcome {
		case solver.Loss:
			left = fmt.Sprintf(" Against perfect play you lose in %s.", n)
		default:
			left = fmt.Sprintf(" With best play the tie comes in %s.", n)
		}
	}
	switch {
	case res.Outcome == solver.Win && after == solver.Loss:
		return "It leaves you a losing position: " + explain.KeyNumbers(next) + "." + left
	case res.Outcome == solver.Tie:
		return "It keeps the game a tie: " + explain.KeyNumbers(next) + "." + left
	case exact:
		return fmt.Sprintf("The bot is losing against perfect play, so it holds out as long as it can (%s) and waits for your mistake.", explain.ValueText(v))
	}
	return "The bot is losing against perfect play, so it leaves you as few winning replies as it can and waits for your mistake."
}

// gameMessage draws the game: what happened, the position, and the
// student's controls, or the result when the game is over.
func (r *Router) gameMessage(ctx context.Context, gm game, events []string) *discordgo.InteractionResponseData {
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
	r.attachPicture(ctx, data, e, gm.pos, false)
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

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
