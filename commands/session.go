package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// A study session lives in the store (tutor.SessionView); its message's
// controls carry "sess:ACTION:RECORD:PUZZLE", signed: the record id and
// the index of the puzzle the message showed, so a click acts on that
// puzzle only while it is open. Answers are private; the solutions, the
// tallies and the table are public messages: the answer to the click
// that closed a puzzle (the last member's answer, the mentor's Reveal),
// or, when the time runs out, what Tick returns for the transport to
// post.
const sessPrefix = "sess"

// The actions a session's controls carry, besides actionMenu, actionType
// and actionSubmit for an answer.
const (
	sessJoin   = "j"
	sessReveal = "r"
)

// Option names of /session.
const (
	optPuzzles = "puzzles"
	optSeconds = "seconds"
	optSeed    = "seed"
	subStart   = "start"
	subStop    = "stop"
)

// sessionOptions are /session's subcommands.
func sessionOptions() []*discordgo.ApplicationCommandOption {
	minPuzzles, maxPuzzles := float64(tutor.MinSessionPuzzles), float64(tutor.MaxSessionPuzzles)
	minSeconds, maxSeconds := float64(tutor.MinSessionSeconds), float64(tutor.MaxSessionSeconds)
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: subStart, Description: "Start a study session in this channel: puzzles one at a time, answered privately",
			Options: []*discordgo.ApplicationCommandOption{
				gameOption(true),
				{Type: discordgo.ApplicationCommandOptionInteger, Name: optPuzzles, Description: "How many puzzles", Required: true, MinValue: &minPuzzles, MaxValue: maxPuzzles},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: optSeconds, Description: fmt.Sprintf("Seconds each puzzle is open (%d if left out)", tutor.DefaultSessionSeconds),
					MinValue: &minSeconds, MaxValue: maxSeconds},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: optSeed, Description: "The same seed gives the same puzzles (a random set if left out)",
					MinValue: &minPuzzles, MaxValue: maxSessionSeed},
			}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: subStop, Description: "Stop the session running in this channel (its starter or a server manager)"},
	}
}

// maxSessionSeed bounds /session start's seed option.
const maxSessionSeed = 1_000_000

// sessID is the signed custom_id of a session's control.
func (r *Router) sessID(action, record string, k int) string {
	return r.signer.sign(strings.Join([]string{sessPrefix, action, record, strconv.Itoa(k)}, ":"))
}

// manages reports whether the member who sent i may manage the server
// (Manage Server or Administrator in the interaction's member.permissions).
func manages(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// botPosts reports whether the app's bot user can post in i's channel
// by itself: the router is configured to (a bot token) and the
// interaction's app_permissions have View Channel and Send Messages.
func (r *Router) botPosts(i *discordgo.Interaction) bool {
	const need = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	p := i.AppPermissions
	return r.cfg.ChannelPosts && i.GuildID != "" && (p&need == need || p&discordgo.PermissionAdministrator != 0)
}

// session answers /session start and /session stop.
func (r *Router) session(q *request) (*discordgo.InteractionResponse, error) {
	switch q.sub {
	case subStart:
		g, err := solver.Lookup(q.str(optGame))
		if err != nil {
			return nil, fault.New(fault.EInvalid, optGame, "%s", fault.Message(err))
		}
		seconds := tutor.DefaultSessionSeconds
		if o := q.options[optSeconds]; o != nil {
			seconds = int(o.IntValue())
		}
		puzzles := 0
		if o := q.options[optPuzzles]; o != nil {
			puzzles = int(o.IntValue())
		}
		var seed uint64
		if o := q.options[optSeed]; o != nil {
			if o.IntValue() < 1 || o.IntValue() > maxSessionSeed {
				return nil, fault.New(fault.EInvalid, optionField(optSeed), "give a seed from 1 to %d", maxSessionSeed)
			}
			seed = uint64(o.IntValue())
		}
		v, err := r.t.StartSession(q.ctx, tutor.SessionStart{Starter: userID(q.i), Guild: q.i.GuildID, Channel: q.i.ChannelID, Game: g,
			Puzzles: puzzles, Seconds: seconds, Seed: seed, BotPosts: r.botPosts(q.i), AppID: q.i.AppID, Token: q.i.Token})
		if err != nil {
			return nil, err
		}
		return newMessage(r.sessionMessage(v), true), nil
	case subStop:
		v, err := r.t.StopSession(q.ctx, userID(q.i), q.i.GuildID, q.i.ChannelID, manages(q.i))
		if err != nil {
			return nil, err
		}
		return newMessage(r.sessionMessage(v), true), nil
	}
	return nil, fault.New(fault.EInvalid, "command", "/session needs a subcommand: start or stop")
}

// sessionClick answers a click on a session's controls, or its move form.
func (r *Router) sessionClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	data, err := r.signer.open(id)
	if err != nil {
		return nil, err
	}
	f := strings.Split(data, ":")
	if len(f) != 4 || f[0] != sessPrefix || len(f[2]) != recordIDLen {
		return nil, errBadState
	}
	action, record := f[1], f[2]
	k, err := strconv.Atoi(f[3])
	if err != nil || k < 0 {
		return nil, errBadState
	}
	user := userID(i)
	switch action {
	case sessJoin:
		v, err := r.t.JoinSession(ctx, user, record, tutor.Via{AppID: i.AppID, Token: i.Token})
		if err != nil {
			return nil, err
		}
		return discordx.Ephemeral(fmt.Sprintf("You joined the study session (%s so far): a puzzle closes early only once every member has answered it, so it waits for you too.",
			explain.Plural(len(v.Members), "member", "members"))), nil
	case sessReveal:
		v, err := r.t.RevealSession(ctx, user, record, k, manages(i))
		if err != nil {
			return nil, err
		}
		return newMessage(r.sessionMessage(v), true), nil
	case actionType:
		p, err := r.t.SessionPuzzleAt(ctx, record, k)
		if err != nil {
			return nil, err
		}
		return typeMoveForm(r.sessID(actionSubmit, record, k), p.Position), nil
	case actionMenu, actionSubmit:
		read := func(pos solver.Position) (solver.Move, error) { return menuMove(i, pos) }
		if action == actionSubmit {
			read = func(pos solver.Position) (solver.Move, error) { return typedMove(i, pos) }
		}
		a, err := r.t.AnswerSession(ctx, user, record, k, tutor.Via{AppID: i.AppID, Token: i.Token}, read)
		if err != nil {
			return nil, err
		}
		if a.Closed != nil {
			// The last answer the puzzle waited for: its reply is the
			// public solution, which shows this answer with the others.
			return newMessage(r.sessionMessage(*a.Closed), true), nil
		}
		return discordx.Ephemeral(fmt.Sprintf("Your answer to puzzle %d of %d, **%s**, is in. The solution comes when the time is up or every member has answered.",
			a.Index+1, a.Of, a.Move)), nil
	}
	return nil, errBadState
}

// solutionText says what wins in p, from the puzzle's winning moves
// (found by exhaustive search when the puzzle was generated).
func solutionText(p *tutor.Puzzle) string {
	pos := p.Position
	var b strings.Builder
	w := p.Winning[0]
	if len(p.Winning) == 1 {
		only := explain.OnlyClaim(pos, w, solver.Win)
		fmt.Fprintf(&b, "%s: **%s**.", strings.TrimSuffix(explain.Join(only), "."), w)
	} else {
		names := make([]string, len(p.Winning))
		for k, m := range p.Winning {
			names[k] = "**" + m.String() + "**"
		}
		fmt.Fprintf(&b, "%d of the %d moves win: %s.", len(p.Winning), p.Moves, strings.Join(names, ", "))
	}
	if next, err := pos.Play(w); err == nil {
		if k := explain.KeyNumbers(next); k != "" {
			_, them := explain.Players(pos)
			fmt.Fprintf(&b, " After %s, %s is lost: %s.", w, them, k)
		}
	}
	return b.String()
}

// seconds writes d in whole seconds, at least one decimal under 10 s.
func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
}

// sessionMessage draws a session: what happened; the puzzle just closed,
// with its solution and who was right; then the open puzzle and its
// controls, or the table at the end.
func (r *Router) sessionMessage(v tutor.SessionView) *discordgo.InteractionResponseData {
	n := len(v.Puzzles)
	data := &discordgo.InteractionResponseData{Content: v.Event, Embeds: []*discordgo.MessageEmbed{}, Components: []discordgo.MessageComponent{},
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{}}}
	if c := v.Closed; c != nil {
		p := c.Puzzle
		e := &discordgo.MessageEmbed{Title: fmt.Sprintf("Puzzle %d of %d: the solution", c.Index+1, n), Color: colourWin,
			Description: solutionText(p) + "\n\n" + positionLine(p.Position)}
		var lines []string
		for _, a := range c.Answers {
			mark, what := "❌", "wrong"
			if a.Correct {
				mark, what = "✅", "right"
			}
			move := a.Move
			if mv := moveNamed(p.Position, a.Move); mv != "" {
				move = mv
			}
			lines = append(lines, fmt.Sprintf("%s <@%s>: %s, %s (%s)", mark, a.User, move, what, seconds(a.Elapsed)))
		}
		for _, u := range c.Missing {
			lines = append(lines, fmt.Sprintf("⏳ <@%s>: did not answer", u))
		}
		if len(lines) == 0 {
			lines = []string{"Nobody answered."}
		}
		e.Fields = []*discordgo.MessageEmbedField{{Name: "Answers", Value: clipText(strings.Join(lines, "\n"), maxFieldValueLen)}}
		data.Embeds = append(data.Embeds, e)
	}
	switch {
	case v.Open != nil:
		p := v.Open.Puzzle
		mover, _ := explain.Players(p.Position)
		e := &discordgo.MessageEmbed{Title: fmt.Sprintf("Puzzle %d of %d (%s)", v.Open.Index+1, n, v.Game), Color: colourHint,
			Description: fmt.Sprintf("%s to move: find a winning move.\n\n%s", mover, positionLine(p.Position))}
		wait := fmt.Sprintf("Answer privately: pick a move or type it; one answer each. Open for %d seconds, or until every member has answered (press Join to be waited for). Members: %d.",
			v.Seconds, len(v.Members))
		if !v.BotPosts {
			wait += " nimtutor's bot user cannot post in this channel: when nobody has joined or answered for 15 minutes, a puzzle closes only once every member has answered or the starter presses Reveal."
		}
		e.Footer = &discordgo.MessageEmbedFooter{Text: wait}
		data.Embeds = append(data.Embeds, e)
		attachPicture(data, e, p.Position, v.Open.Picture)
		k := v.Open.Index
		data.Components = moveControls(p.Position, func() string { return r.sessID(actionMenu, v.ID, k) }, r.sessID(actionType, v.ID, k),
			discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: r.sessID(sessJoin, v.ID, k)},
			discordgo.Button{Label: "Reveal", Style: discordgo.SecondaryButton, CustomID: r.sessID(sessReveal, v.ID, k)})
	case v.Over():
		title := "Study session over: the table"
		if v.Status == tutor.SessionStopped {
			title = "Study session stopped: the table so far"
		}
		var lines []string
		for _, s := range v.Table {
			lines = append(lines, fmt.Sprintf("%d. <@%s>: %d right of %d, %s", s.Rank, s.User, s.Right, n, seconds(s.Time)))
		}
		if len(lines) == 0 {
			lines = []string{"Nobody joined or answered."}
		}
		data.Embeds = append(data.Embeds, &discordgo.MessageEmbed{Title: title, Color: colourTie,
			Description: clipText(strings.Join(lines, "\n"), maxDescLen),
			Footer:      &discordgo.MessageEmbedFooter{Text: "Ranked by right answers, then by puzzles answered, then by the total time taken."}})
	}
	return data
}

// moveNamed names the move of pos whose two numbers are text, or "".
func moveNamed(pos solver.Position, text string) string {
	for _, m := range pos.Moves() {
		if tutor.MoveText(m) == text {
			return m.String()
		}
	}
	return ""
}

// Tick closes the study-session puzzles whose time ran out and returns
// the messages that announce them, for the transport to post to their
// channels (the bot's ticker, or the console's wait). Of replicas that
// tick at once, each puzzle is closed, and so announced, by one.
func (r *Router) Tick(ctx context.Context) ([]discordx.Post, error) {
	views, err := r.t.CloseDueSessions(ctx)
	var posts []discordx.Post
	for _, v := range views {
		resp := newMessage(r.sessionMessage(v), true)
		fitResponse(resp)
		posts = append(posts, discordx.Post{Channel: v.Channel, AsBot: v.BotPosts, AppID: v.AppID, Token: v.Token, Until: v.TokenUntil, Data: resp.Data})
	}
	return posts, err
}
