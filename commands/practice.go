package commands

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
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
	data, err := r.newPuzzle(q.ctx, q.i, g, q.str(optTheme))
	if err != nil {
		return nil, err
	}
	return newMessage(data, false), nil
}

// newPuzzle picks the next puzzle for the person behind i and draws it.
func (r *Router) newPuzzle(ctx context.Context, i *discordgo.Interaction, g solver.Game, theme string) (*discordgo.InteractionResponseData, error) {
	svc, err := r.practice(ctx)
	if err != nil {
		return nil, err
	}
	user := userID(i)
	p, l, err := svc.Next(ctx, user, i.GuildID, g, theme)
	if err != nil {
		return nil, practiceError(err)
	}
	pend, err := svc.Store().Pending(ctx, user, p.ID)
	if err != nil {
		return nil, err
	}
	return r.puzzleMessage(ctx, svc, p, user, l.Rating.Rating, pend.Hints, ""), nil
}

// puzzleMessage draws a puzzle with the hints used so far and its controls.
func (r *Router) puzzleMessage(ctx context.Context, svc *practice.Service, p *practice.Puzzle, owner string, rating float64, hints int, note string) *discordgo.InteractionResponseData {
	pos := p.Position
	mover := pos.Game().PlayerName(pos.ToMove())
	puzzleRating := p.Estimate // stored once answered, the estimate before
	if st, err := svc.Store().GetPuzzle(ctx, p.ID); err == nil {
		puzzleRating = st.Rating.Rating
	}
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Puzzle %s: %s to move and win", p.ID, mover),
		Description: positionLine(pos) + "\n\nFind a move that wins against any defence.",
		Color:       colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Puzzle rated %.0f · your rating %.0f · pick a move, type one (%s), or ask for a hint.",
			puzzleRating, rating, pos.Game().MoveFormat())},
	}
	if note != "" {
		e.Description += "\n\n" + note
	}
	ladder := p.Hints()
	for k := range min(hints, len(ladder)) {
		h := ladder[k]
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: fmt.Sprintf("Hint %d of %d: %s", k+1, len(ladder), h.Title), Value: clipText(h.Body, maxFieldValueLen)})
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Flags: discordgo.MessageFlagsEphemeral}
	r.attachPicture(ctx, data, e, pos, false)
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
	svc, err := r.practice(ctx)
	if err != nil {
		return nil, err
	}
	if action == pracNext {
		game, themeIdx, _ := strings.Cut(arg, ".")
		g, err := solver.Lookup(game)
		if err != nil {
			return nil, errBadState
		}
		theme := ""
		if themeIdx != "" {
			k, err := strconv.Atoi(themeIdx)
			ts := explain.Themes(g)
			if err != nil || k < 0 || k >= len(ts) {
				return nil, errBadState
			}
			theme = ts[k]
		}
		d, err := r.newPuzzle(ctx, i, g, theme)
		if err != nil {
			return nil, err
		}
		// From a public message (progress), the puzzle comes as a new private one.
		if i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral == 0 {
			return newMessage(d, false), nil
		}
		return updateMessage(d), nil
	}
	p, err := svc.Puzzle(arg)
	if err != nil {
		return nil, practiceError(err)
	}
	var m solver.Move
	switch action {
	case pracHint:
		_, level, _, err := svc.Hint(ctx, userID(i), arg)
		if err != nil {
			return nil, practiceError(err)
		}
		return updateMessage(r.puzzleMessage(ctx, svc, p, userID(i), learnerRating(ctx, svc, userID(i), p.Game.Name()), level, "")), nil
	case pracType:
		return typeMoveForm(r.ownedID(pracPrefix, pracSubmit, p.ID, userID(i)), p.Position), nil
	case pracMenu:
		m, err = menuMove(i, p.Position)
	case pracSubmit:
		m, err = typedMove(i, p.Position)
	default:
		return nil, errBadState
	}
	if err != nil {
		return nil, err
	}
	out, err := svc.Answer(ctx, userID(i), p.ID, m)
	if err != nil {
		return nil, practiceError(err)
	}
	return updateMessage(r.outcomeMessage(ctx, svc, out, userID(i))), nil
}

// learnerRating is the learner's rating in game, 1500 before any answer.
func learnerRating(ctx context.Context, svc *practice.Service, user, game string) float64 {
	if l, err := svc.Store().Learner(ctx, user, game); err == nil {
		return l.Rating.Rating
	}
	return 1500
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
func (r *Router) outcomeMessage(ctx context.Context, svc *practice.Service, out *practice.Outcome, owner string) *discordgo.InteractionResponseData {
	p := out.Puzzle
	g := p.Game
	me, them := g.PlayerName(p.Position.ToMove()), g.PlayerName(p.Position.ToMove().Other())
	e := &discordgo.MessageEmbed{}
	shown := out.Played
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
			shown = out.Refuted
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
			v += fmt.Sprintf(": counted as %.0f%% of a solve", 100*practice.Score(true, out.Hints, out.HintLevels))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Hints used", Value: v, Inline: true})
	}
	if len(p.Themes) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Themes", Value: strings.Join(p.Themes, ", ")})
	}
	if out.Daily != "" {
		if s, f, err := svc.Store().DailyTally(ctx, out.Guild, out.Daily); err == nil {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Daily puzzle " + out.Daily, Value: tallyText(out.Guild, s, f)})
		}
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Puzzle rating %.0f → %.0f.", out.PuzzleBefore, out.PuzzleAfter)}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Flags: discordgo.MessageFlagsEphemeral}
	r.attachPicture(ctx, data, e, shown, !out.Correct)
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
