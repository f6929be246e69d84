package commands

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// A puzzle's controls carry "prac:ACTION:ARG:OWNER", signed. ARG is the
// puzzle id, or for "next" the game (and a theme's index). The puzzle
// itself is rebuilt from its id; the hints used live in the store.
const pracPrefix = "prac"

// The actions of a puzzle's controls.
const (
	pracMenu   = "m" // a move picked from the menu
	pracType   = "t" // open the form to type a move
	pracSubmit = "s" // the typed move
	pracHint   = "h" // the next hint
	pracNext   = "n" // the next puzzle: ARG is GAME or GAME.THEMEINDEX
)

// practiceCommand answers /practice game:<g> [theme:<t>].
func (r *Router) practiceCommand(q *request) (*discordgo.InteractionResponse, error) {
	g, err := solver.Lookup(q.str(optGame))
	if err != nil {
		return nil, err
	}
	v, err := r.t.NextPuzzle(q.ctx, userID(q.i), q.i.GuildID, g, q.str(optTheme))
	if err != nil {
		return nil, err
	}
	return newMessage(r.puzzleMessage(v, userID(q.i)), false), nil
}

// reopenedNote says that a puzzle shown again is the one left open.
const reopenedNote = "You have not answered this puzzle yet: it is the one you have open. Answer it (or ask for a hint) to get the next."

// reviewNote says whether a puzzle is a review (and of what) or new.
func reviewNote(v tutor.PuzzleView) string {
	if d := v.Review; d != nil {
		return fmt.Sprintf("🔁 **Review** of %s: a fresh position that needs the same idea.", d.Name())
	}
	if v.DueNow > 0 {
		return fmt.Sprintf("🆕 **New puzzle.** Reviews due in this game: %d; the next puzzle will be one.", v.DueNow)
	}
	return "🆕 **New puzzle.**"
}

// comesBack lists when the ideas an answer tested come back.
func comesBack(ds []tutor.Due) string {
	var b strings.Builder
	for k, d := range ds {
		if k == 4 {
			fmt.Fprintf(&b, "and %d more", len(ds)-k)
			break
		}
		fmt.Fprintf(&b, "%s: %s\n", explain.Capitalise(d.Name()), d.In)
	}
	return strings.TrimSpace(b.String())
}

// puzzleMessage draws a puzzle of owner's with the hints used so far and
// its controls.
func (r *Router) puzzleMessage(v tutor.PuzzleView, owner string) *discordgo.InteractionResponseData {
	p, pos := v.Puzzle, v.Puzzle.Position
	mover := pos.Game().PlayerName(pos.ToMove())
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Puzzle %s: %s to move and win", p.ID, mover),
		Description: positionLine(pos) + "\n\nFind a move that wins against any defence.",
		Color:       colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Puzzle rated %.0f · your rating %.0f · pick a move, type one (%s), or ask for a hint.",
			v.PuzzleRating, v.Rating, pos.Game().MoveFormat())},
	}
	for _, note := range []string{reviewNote(v), v.Note, map[bool]string{true: reopenedNote}[v.Reopened]} {
		if note != "" {
			e.Description += "\n\n" + note
		}
	}
	ladder := p.Hints()
	hints := v.Hints
	for k := range min(hints, len(ladder)) {
		h := ladder[k]
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: fmt.Sprintf("Hint %d of %d: %s", k+1, len(ladder), h.Title), Value: clipText(h.Body, maxFieldValueLen)})
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Flags: discordgo.MessageFlagsEphemeral}
	attachPicture(data, e, pos, v.Picture)
	var more []discordgo.MessageComponent
	if hints < len(ladder) {
		label := fmt.Sprintf("Hint %d of %d", hints+1, len(ladder))
		if hints+1 == len(ladder) {
			label = "Show the answer"
		}
		more = append(more, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: r.ownedID(pracPrefix, pracHint, p.ID, owner)})
	}
	data.Components = moveControls(pos, func() string { return r.ownedID(pracPrefix, pracMenu, p.ID, owner) }, r.ownedID(pracPrefix, pracType, p.ID, owner), more...)
	return data
}

// practiceClick answers a click on a puzzle's controls, or its typed-move
// form.
func (r *Router) practiceClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	action, arg, err := r.openOwned(i, id, pracPrefix, pracNext)
	if err != nil {
		return nil, err
	}
	user := userID(i)
	switch action {
	case pracNext:
		g, theme, ok := tutor.ParseThemeArg(arg)
		if !ok {
			return nil, errBadState
		}
		v, err := r.t.NextPuzzle(ctx, user, i.GuildID, g, theme)
		if err != nil {
			return nil, err
		}
		d := r.puzzleMessage(v, user)
		// From a public message (progress), the puzzle comes as a new private one.
		if i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral == 0 {
			return newMessage(d, false), nil
		}
		return updateMessage(d), nil
	case pracHint:
		v, err := r.t.PuzzleHint(ctx, user, arg)
		if err != nil {
			return nil, err
		}
		return updateMessage(r.puzzleMessage(v, user)), nil
	case pracType:
		p, err := r.t.OpenPuzzle(ctx, arg)
		if err != nil {
			return nil, err
		}
		return typeMoveForm(r.ownedID(pracPrefix, pracSubmit, p.ID, user), p.Position), nil
	case pracMenu, pracSubmit:
	default:
		return nil, errBadState
	}
	read := func(pos solver.Position) (solver.Move, error) { return menuMove(i, pos) }
	if action == pracSubmit {
		read = func(pos solver.Position) (solver.Move, error) { return typedMove(i, pos) }
	}
	out, err := r.t.Answer(ctx, user, arg, read)
	if err != nil {
		return nil, err
	}
	return updateMessage(r.outcomeMessage(out, user)), nil
}

// signedDelta writes a rating change as "+12" or "−8".
func signedDelta(d float64) string {
	d = math.Round(d)
	if d < 0 {
		return fmt.Sprintf("−%.0f", -d)
	}
	return fmt.Sprintf("+%.0f", d)
}

// outcomeMessage shows a judged answer: right, or wrong and why.
func (r *Router) outcomeMessage(out tutor.Judged, owner string) *discordgo.InteractionResponseData {
	p := out.Puzzle
	g := p.Game
	me, them := g.PlayerName(p.Position.ToMove()), g.PlayerName(p.Position.ToMove().Other())
	e := &discordgo.MessageEmbed{}
	if out.Correct {
		e.Title, e.Color = fmt.Sprintf("✅ Solved: puzzle %s", p.ID), colourWin
		e.Description = fmt.Sprintf("**%s** wins.", explain.Capitalise(out.Move.String()))
		if k := explain.KeyNumbers(out.Played); k != "" {
			e.Description += fmt.Sprintf(" It leaves %s lost: %s.", them, k)
		}
	} else {
		e.Title, e.Color = fmt.Sprintf("❌ Not this time: puzzle %s", p.ID), colourLoss
		e.Description = fmt.Sprintf("Your move, **%s**, does not win.", out.Move)
		switch {
		case out.Refutation != nil:
			e.Description += fmt.Sprintf(" %s answers **%s**, leaving `%s` with %s to move", them, out.Refutation, clipText(out.Refuted.String(), 200), me)
			if k := explain.KeyNumbers(out.Refuted); k != "" {
				e.Description += ": " + k
			}
			e.Description += fmt.Sprintf(". From there %s wins whatever %s does.", them, me)
		default:
			e.Description += fmt.Sprintf(" That leaves %s without a move, and in this game that means %s wins.", them, them)
		}
		if out.Winning != nil {
			e.Description += fmt.Sprintf("\n\nA winning move was **%s**", out.Winning)
			if next, err := p.Position.Play(out.Winning); err == nil {
				if k := explain.KeyNumbers(next); k != "" {
					e.Description += ": afterwards " + k
				}
			}
			e.Description += "."
		}
	}
	e.Description += "\n\n" + positionLine(p.Position)
	e.Fields = append(e.Fields,
		&discordgo.MessageEmbedField{Name: "Rating", Value: fmt.Sprintf("%.0f → %.0f (%s) in %s", out.Before.Rating.Rating, out.After.Rating.Rating,
			signedDelta(out.After.Rating.Rating-out.Before.Rating.Rating), g.Name()), Inline: true},
		&discordgo.MessageEmbedField{Name: "Streak", Value: fmt.Sprintf("%d (best %d)", out.After.Streak, out.After.BestStreak), Inline: true},
	)
	if out.Hints > 0 {
		v := fmt.Sprintf("%d of %d", out.Hints, out.HintLevels)
		if out.Correct {
			v += fmt.Sprintf(": counted as %.0f%% of a solve", 100*tutor.Score(true, out.Hints, out.HintLevels))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Hints used", Value: v, Inline: true})
	}
	if len(p.Themes) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Themes", Value: strings.Join(p.Themes, ", ")})
	}
	if out.Reviewed != nil {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Review", Value: "This was a review of " + out.Reviewed.Name() + "."})
	}
	if len(out.Scheduled) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Comes back", Value: clipText(comesBack(out.Scheduled), maxFieldValueLen)})
	}
	if out.Tally != nil {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Daily puzzle " + out.Daily, Value: tallyText(out.Guild, out.Tally.Solved, out.Tally.Failed)})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Puzzle rating %.0f → %.0f.", out.PuzzleBefore, out.PuzzleAfter)}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Flags: discordgo.MessageFlagsEphemeral}
	attachPicture(data, e, shown(out), out.Picture)
	data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Next puzzle", Style: discordgo.PrimaryButton, CustomID: r.ownedID(pracPrefix, pracNext, g.Name(), owner)},
	}}}
	return data
}

// tallyText says how a server did on its daily puzzle.
func tallyText(guild string, solved, failed int) string {
	where := "in this server"
	if guild == "" {
		where = "in direct messages"
	}
	return fmt.Sprintf("%d solved, %d failed %s so far.", solved, failed, where)
}

// shown is the position an outcome's reply explains: after a right move,
// or after the refutation of a wrong one.
func shown(out tutor.Judged) solver.Position {
	if !out.Correct && out.Refutation != nil {
		return out.Refuted
	}
	return out.Played
}
