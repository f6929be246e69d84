package commands

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor"
)

// Custom_ids of /forget's buttons ("forget:yes|no:OWNER") and of the
// stored games' buttons ("rec:r|v:GAMEID:OWNER", resume or review), signed.
const (
	forgetPrefix = "forget"
	recPrefix    = "rec"
	recResume    = "r"
	recReview    = "v"
)

// historySize is how many answers and games /history lists.
const historySize = 10

// historyGames is how many games /history offers buttons for.
const historyGames = 5

// maxExportBytes is the largest file Discord takes from a bot.
const maxExportBytes = 8 << 20

// openOwned checks a signed "prefix:action:arg:OWNER" custom_id and,
// unless its action is one of anyone, that the clicker is its owner.
func (r *Router) openOwned(i *discordgo.Interaction, id, prefix string, anyone ...string) (action, arg string, err error) {
	data, err := r.signer.open(id)
	if err != nil {
		return "", "", err
	}
	f := strings.Split(data, ":")
	if len(f) != 4 || f[0] != prefix {
		return "", "", errBadState
	}
	if !slices.Contains(anyone, f[1]) && userID(i) != f[3] {
		return "", "", notYours(f[3])
	}
	return f[1], f[2], nil
}

// ownedID builds the signed custom_id "prefix:action:arg:OWNER".
func (r *Router) ownedID(prefix, action, arg, owner string) string {
	return r.signer.sign(strings.Join([]string{prefix, action, arg, owner}, ":"))
}

func private(e *discordgo.MessageEmbed) *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Flags: discordgo.MessageFlagsEphemeral, Components: []discordgo.MessageComponent{}}
}

// history answers /history: recent answers, recent games with their
// record ids and buttons to review the finished ones and resume the
// others.
func (r *Router) history(q *request) (*discordgo.InteractionResponse, error) {
	user := userID(q.i)
	h, err := r.t.History(q.ctx, user, historySize)
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{Title: "Your history", Color: colourHint}
	data := private(e)
	if len(h.Attempts) == 0 && len(h.Games) == 0 {
		e.Description = "Nothing yet: try /practice, /daily, or play a position with /GAME play."
		return newMessage(data, false), nil
	}
	if len(h.Attempts) > 0 {
		var b strings.Builder
		for _, a := range h.Attempts {
			mark := "❌"
			if a.Correct {
				mark = "✅"
			}
			daily := ""
			if a.Daily != "" {
				daily = " (daily)"
			}
			fmt.Fprintf(&b, "%s %s %s%s: played %s, rating %.0f → %.0f\n", mark, a.At.Format("2 Jan 15:04"), a.PuzzleID, daily, a.Move, a.Before, a.After)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Puzzles", Value: clipText(strings.TrimSpace(b.String()), maxFieldValueLen)})
	}
	if len(h.Games) > 0 {
		var b strings.Builder
		var buttons []discordgo.MessageComponent
		for k, g := range h.Games {
			fmt.Fprintf(&b, "%d. Game %s (%s) from `%s`, %d moves, %s (%s)\n", k+1, g.ID, g.Game, clipText(g.Start, 60), len(g.Moves), cmp.Or(g.Result, "in progress"), g.Updated.Format("2 Jan 15:04"))
			if k < historyGames {
				label, action := fmt.Sprintf("Review %d", k+1), recReview
				if g.Result == "" {
					label, action = fmt.Sprintf("Resume %d", k+1), recResume
				}
				buttons = append(buttons, discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: r.ownedID(recPrefix, action, g.ID, user)})
			}
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Games", Value: clipText(strings.TrimSpace(b.String()), maxFieldValueLen)})
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	}
	return newMessage(data, false), nil
}

// recordClick resumes or reviews a stored game.
func (r *Router) recordClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	action, gameID, err := r.openOwned(i, id, recPrefix)
	if err != nil {
		return nil, err
	}
	switch action {
	case recReview:
		_, rev, err := r.t.Review(ctx, userID(i), gameID)
		if err != nil {
			return nil, err
		}
		return newMessage(private(reviewEmbed(rev)), false), nil
	case recResume:
		turn, err := r.t.Resume(ctx, userID(i), gameID)
		if err != nil {
			return nil, err
		}
		return r.turnMessage(ctx, turn, newMessage), nil
	}
	return nil, errBadState
}

// reviewEmbed shows a game's review card.
func reviewEmbed(rev *tutor.Review) *discordgo.MessageEmbed {
	return &discordgo.MessageEmbed{Title: "Game review: " + rev.Start.Game().Name(), Description: clipText(rev.Card(), maxDescLen), Color: colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: "best: fastest win kept · slower: still winning, but longer · mistake: threw the win away · forced: only move"}}
}

// forget answers /forget with a warning and a confirm button.
func (r *Router) forget(q *request) (*discordgo.InteractionResponse, error) {
	user := userID(q.i)
	e := &discordgo.MessageEmbed{Title: "Delete everything nimtutor stores about you?", Color: colourLoss,
		Description: "This deletes your practice ratings, every answer, open puzzles and hints, your stored games and the servers you practised in. It cannot be undone. (Use /export first for a copy.)"}
	data := private(e)
	data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Delete everything", Style: discordgo.DangerButton, CustomID: r.ownedID(forgetPrefix, "yes", "all", user)},
		discordgo.Button{Label: "Cancel", Style: discordgo.SecondaryButton, CustomID: r.ownedID(forgetPrefix, "no", "all", user)},
	}}}
	return newMessage(data, false), nil
}

// forgetClick deletes, or not.
func (r *Router) forgetClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	action, _, err := r.openOwned(i, id, forgetPrefix)
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{Title: "Nothing was deleted", Color: colourTie}
	if action == "yes" {
		if err := r.t.Forget(ctx, userID(i)); err != nil {
			return nil, err
		}
		e.Title, e.Description = "Deleted", "Everything nimtutor stored about you is gone. Puzzles keep their own ratings, which name nobody."
	}
	return updateMessage(private(e)), nil
}

// export answers /export with the caller's data as a JSON file.
func (r *Router) export(q *request) (*discordgo.InteractionResponse, error) {
	ex, err := r.t.Export(q.ctx, userID(q.i))
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(ex, "", "  ")
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{Title: "Your data", Color: colourHint, Description: fmt.Sprintf(
		"%d ratings, %d answers, %d open puzzles, %d games, %d servers. The attached JSON file is everything nimtutor stores about you.",
		len(ex.Ratings), len(ex.Attempts), len(ex.Open), len(ex.Games), len(ex.Guilds))}
	if len(b) > maxExportBytes {
		e.Description = fmt.Sprintf("Your data is %d MB, more than a Discord file may hold; run `nimtutor export` where the bot runs, or ask its operator.", len(b)>>20)
		return newMessage(private(e), false), nil
	}
	data := private(e)
	data.Files = []*discordgo.File{{Name: "nimtutor-export.json", ContentType: "application/json", Reader: bytes.NewReader(b)}}
	return newMessage(data, false), nil
}
