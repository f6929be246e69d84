package commands

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// Options of /check.
const (
	optCheckOutput = "output"
	optCheckInput  = "input"
	optCheckSeed   = "seed"
)

// maxSeed bounds the seeds handed out, so that they stay short to type
// and exact as a Discord integer option.
const maxSeed = 1 << 40

// checkPrefix marks the report's Solve button: "chk:s:GAME", signed,
// with the failing position's state.
const checkPrefix = "chk"

// checkSolve answers the report's Solve button: the full solve card of
// the failing case, privately, as /GAME solve would give it.
func (r *Router) checkSolve(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	head, pos, err := r.openPosition(ctx, id, checkID)
	if err != nil {
		return nil, err
	}
	if head[1] != "s" {
		return nil, errBadState
	}
	resp, err := r.solve(&request{ctx: ctx, i: i, pos: pos, options: options{}})
	if err != nil {
		return nil, err
	}
	resp.Data.Flags |= discordgo.MessageFlagsEphemeral
	return resp, nil
}

// checkOptions are the options of /check.
func checkOptions() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: optGame, Description: "The problem", Required: true, Choices: gameChoices(check.Games())},
		{Type: discordgo.ApplicationCommandOptionAttachment, Name: optCheckOutput, Description: "Your program's output on the test file (none: get a test file)"},
		{Type: discordgo.ApplicationCommandOptionAttachment, Name: optCheckInput, Description: "The input your program read, if not nimtutor's test file"},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: optCheckSeed, Description: "The seed of the test file", MinValue: new(float64), MaxValue: maxSeed},
	}
}

// check answers /check: a test file without output:, else the report.
func (r *Router) check(q *request) (*discordgo.InteractionResponse, error) {
	g, err := solver.Lookup(q.str(optGame))
	if err != nil {
		return nil, err
	}
	if !check.Supported(g) {
		return nil, fault.New(fault.EInvalid, optGame, "/check has no test file for %s yet", g.Name())
	}
	seed, hasSeed := uint64(0), false
	if o := q.options[optCheckSeed]; o != nil {
		seed, hasSeed = uint64(o.IntValue()), true
	}
	out := q.options[optCheckOutput]
	if out == nil {
		if q.options[optCheckInput] != nil {
			return nil, fault.New(fault.EInvalid, optCheckInput, "attach your program's output too (output:), or leave out input: to get a test file")
		}
		if !hasSeed {
			seed = rand.Uint64N(maxSeed)
		}
		return r.handOut(q.ctx, q.i, g, seed)
	}
	output, outName, err := r.download(q.ctx, q.i, out, maxJudgeFileBytes)
	if err != nil {
		return nil, err
	}
	var input []byte
	var inName string
	switch in := q.options[optCheckInput]; {
	case in != nil && hasSeed:
		return nil, fault.New(fault.EInvalid, optCheckSeed, "give the input file or the seed of nimtutor's test file, not both")
	case in != nil:
		if input, inName, err = r.download(q.ctx, q.i, in, maxJudgeFileBytes); err != nil {
			return nil, err
		}
	default:
		if !hasSeed {
			seed, hasSeed = check.SeedFromName(outName)
		}
		if !hasSeed {
			seed, hasSeed = r.t.LastSeed(userID(q.i), g)
		}
		if !hasSeed {
			return nil, fault.New(fault.EInvalid, optCheckSeed, "which test file is %s the output of? Give its seed (seed:), or attach the input too (input:); /check game:%s without output: hands out a test file", outName, g.Name())
		}
		f, err := check.Generate(g, seed)
		if err != nil {
			return nil, err
		}
		input, inName = f.Input, f.Name()
	}
	checked, err := r.t.Check(q.ctx, g, input, output)
	var ie *fault.Error
	if errors.As(err, &ie) {
		return discordx.Ephemeral(malformedInput(inName, input, ie)), nil
	}
	if err != nil {
		return nil, fmt.Errorf("checking %s: %w", g.Name(), err)
	}
	if checked.Explained {
		r.keepLong(q.ctx, userID(q.i), checked.Result.Position)
	}
	return r.checkReport(checked, userID(q.i), inName, outName), nil
}

// handOut answers /check without output: the test file as an attachment,
// with its seed.
func (r *Router) handOut(ctx context.Context, i *discordgo.Interaction, g solver.Game, seed uint64) (*discordgo.InteractionResponse, error) {
	f, err := r.t.TestFile(ctx, userID(i), g, seed)
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("A test file for %s", g.Name()),
		Description: f.Summary() + "\n\nIt stresses what solutions get wrong: the samples, single stacks or pieces, all-equal parts, ties, " +
			"boards with no move, the largest sizes the contest allows.\n\n" +
			fmt.Sprintf("Run your program on %s, then attach its output: %s `game:%s output:out.txt` (add `seed:%d` if you check it later or elsewhere).",
				f.Name(), r.mention("check", ""), g.Name(), seed),
		Color:  colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: "Seed " + strconv.FormatUint(seed, 10)},
	}
	data := &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{e},
		Files:  []*discordgo.File{{Name: f.Name(), ContentType: "text/plain; charset=utf-8", Reader: bytes.NewReader(f.Input)}},
	}
	return newMessage(data, false), nil
}

// checkReport is the reply to a check: how many answers are right, the
// smallest failing case with its explanation and the card's buttons, and
// the malformed lines.
func (r *Router) checkReport(c tutor.Checked, user, inName, outName string) *discordgo.InteractionResponse {
	rep := c.Report
	colour := colourWin
	if !rep.OK() {
		colour = colourLoss
	}
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("/check %s: %s", rep.Game.Name(), rep.Headline()),
		Description: clipText(strings.Join(rep.Lines()[1:], "\n\n"), maxDescLen),
		Color:       colour,
		Footer:      &discordgo.MessageEmbedFooter{Text: clipText(fmt.Sprintf("Input: %s · output: %s", inName, outName), maxFooterLen)},
	}
	if rep.OK() {
		e.Description = "Every answer matches the truth. Try another seed: the random cases change with it."
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}
	if rep.Smallest != nil {
		res, steps := c.Result, c.Steps
		if !c.Explained {
			e.Description += "\n\nThe failing position is too large to explain here; run `nimtutor check` on the command line for every step."
		} else {
			e.Description += fmt.Sprintf("\n\nWhy the answer is **%s**, step by step:", res.Answer())
			fields := make([]*discordgo.MessageEmbedField, 0, len(steps))
			for _, s := range r.linkLessons(rep.Game.Name(), steps) {
				fields = append(fields, &discordgo.MessageEmbedField{Name: clipText(s.Title, maxFieldNameLen), Value: clipText(s.Body, maxFieldValueLen)})
			}
			e.Fields = fields
			appendFields(e, 0, &discordgo.MessageEmbedField{Name: "This position", Value: "The buttons below show its full solve card, give a hint on it, play it against the bot, or verify it by exhaustive search."})
			row := r.cardRow(res.Position, user)
			if len(res.Position.String()) <= solver.MaxPositionLen {
				solve := discordgo.Button{Label: "Solve (full card)", Style: discordgo.SuccessButton, CustomID: r.customID(checkPrefix+":s:"+rep.Game.Name(), res.Position)}
				// A row holds five buttons and the card's row may be full.
				row = append([]discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{solve}}}, row...)
			}
			data.Components = row
		}
	}
	return newMessage(data, false)
}
