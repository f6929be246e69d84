package commands

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"runtime/debug"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/outcome"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// Config is what a Router needs from the outside world: the tutor's
// configuration (its cache, gates, store and drawing), and what only
// Discord needs.
type Config struct {
	tutor.Config
	// Secret signs the state carried in buttons. Replicas that answer the
	// same buttons must share it; nil means a random secret.
	Secret []byte
	// CommandIDs maps a command's name to the id Discord gave it, for
	// clickable command mentions; a command without one is named as text.
	CommandIDs map[string]string
	// Attachments downloads attached files (position_file, /judge). Nil
	// means files are refused with a message.
	Attachments Attachments
	// ChannelPosts says the transport can post to a channel as the bot
	// user (it has a bot token): a study session then counts on it where
	// app_permissions allow, to announce a puzzle whose time ran out.
	ChannelPosts bool
}

// Router answers every interaction nimtutor receives. Its Handle method
// returns the response as a value; it implements bot.Handler. It reads
// the interaction, calls the tutor's use case and renders what comes
// back.
type Router struct {
	cfg    Config
	signer signer
	t      *tutor.Tutor
	log    *slog.Logger
}

// New returns a Router. cfg.Cache is required.
func New(cfg Config) *Router {
	if cfg.Cache == nil {
		panic("commands.New: Config.Cache is required")
	}
	cfg.Log = cmp.Or(cfg.Log, slog.New(slog.DiscardHandler))
	if len(cfg.Secret) == 0 {
		cfg.Secret = make([]byte, 32)
		rand.Read(cfg.Secret)
	}
	cfg.CommandIDs = maps.Clone(cfg.CommandIDs)
	return &Router{cfg: cfg, signer: signer{key: cfg.Secret}, t: tutor.New(cfg.Config), log: cfg.Log}
}

// Tutor returns the use cases the router calls, for a command line that
// prints their values itself.
func (r *Router) Tutor() *tutor.Tutor { return r.t }

// request is one command, with its options read out and, for a game's
// subcommand, its position parsed (or, for a game's own subcommand, which
// takes no position, its game).
type request struct {
	ctx  context.Context
	i    *discordgo.Interaction
	pos  solver.Position
	game solver.Game
	// sub is the subcommand of a command that is not a game's and has
	// subcommands (/session start), whose options are options.
	sub string
	options
}

// userID returns the id of the person who sent the interaction.
func userID(i *discordgo.Interaction) string { return discordx.UserID(i) }

// Handle answers one interaction. It never panics: a panic in a handler is
// logged and answered with an ephemeral "something went wrong", or for
// autocomplete with no choices, the one other answer it accepts. This is
// the one recover of the handlers.
func (r *Router) Handle(ctx context.Context, i *discordgo.Interaction) (resp *discordgo.InteractionResponse) {
	defer func() {
		if p := recover(); p != nil {
			r.log.Error("handler panic", "interaction", i.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			outcome.Set(ctx, outcome.Error)
			resp = internalErrorReply()
			if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
				resp = discordx.NoChoices()
			}
		}
	}()
	// Work answers nothing once ctx is done, even without a gate: nobody
	// waits for the answer any more. Searches have their own gate, and
	// answers that use the store take none (see usesStore).
	err := r.t.Work(ctx, r.Slow(i) || usesStore(i), func(ctx context.Context) error {
		resp = r.handle(ctx, i)
		return nil
	})
	if err != nil {
		return r.errorReply(ctx, i, err)
	}
	return resp
}

// handle answers i; see Handle.
func (r *Router) handle(ctx context.Context, i *discordgo.Interaction) (resp *discordgo.InteractionResponse) {
	tutor.Step(ctx, "commands", "route")
	defer tutor.Step(ctx, "commands", "reply")
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		resp, err = r.command(ctx, i)
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		resp, err = r.control(ctx, i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		resp, err = r.autocomplete(ctx, i)
	default:
		err = fault.New(fault.EInvalid, "interaction", "nimtutor does not handle interactions of type %d", i.Type)
	}
	if err != nil {
		return r.errorReply(ctx, i, err)
	}
	fitResponse(resp)
	fitPermissions(i, resp)
	return resp
}

// Private reports whether the reply to i is ephemeral, so a transport can
// defer with the right flag before the handler finishes.
func (r *Router) Private(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return true
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return true
	}
	if tc := findCommand(topCommands, data.Name); tc != nil {
		return tc.private
	}
	if len(data.Options) == 0 || data.Options[0] == nil {
		return true
	}
	sc := findCommand(subcommands, data.Options[0].Name)
	if g, err := solver.Lookup(data.Name); err == nil {
		if own := ownSubcommand(g, data.Options[0].Name); own != nil {
			sc = own
		}
	}
	return sc == nil || sc.private
}

// command routes a slash command to its subcommand's handler.
func (r *Router) command(ctx context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return nil, fault.New(fault.EInvalid, "command", "the command carries no data")
	}
	if tc := findCommand(topCommands, data.Name); tc != nil {
		if hasSubcommands(tc.options) {
			return r.subcommand(ctx, i, tc, data.Options)
		}
		opts, err := readOptions("/"+tc.name, tc.options, data.Options)
		if err != nil {
			return nil, err
		}
		return tc.run(r, &request{ctx: ctx, i: i, options: opts})
	}
	g, err := solver.Lookup(data.Name)
	if err != nil {
		return nil, fault.New(fault.EInvalid, "command", "nimtutor has no command /%s; its commands are /%s", clipText(data.Name, 40), strings.Join(solver.Names(), ", /"))
	}
	if len(data.Options) != 1 || data.Options[0] == nil || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return nil, fault.New(fault.EInvalid, "command", "/%s needs one subcommand: %s", g.Name(), subcommandNames(g))
	}
	if own := ownSubcommand(g, data.Options[0].Name); own != nil {
		opts, err := readOptions(fmt.Sprintf("/%s %s", g.Name(), own.name), own.options, data.Options[0].Options)
		if err != nil {
			return nil, err
		}
		return own.run(r, &request{ctx: ctx, i: i, game: g, options: opts})
	}
	sc := findCommand(subcommands, data.Options[0].Name)
	if sc == nil {
		return nil, fault.New(fault.EInvalid, "command", "/%s has no subcommand %q; use one of %s", g.Name(), clipText(data.Options[0].Name, 40), subcommandNames(g))
	}
	opts, err := readOptions(fmt.Sprintf("/%s %s", g.Name(), sc.name), optionDefs(g, sc), data.Options[0].Options)
	if err != nil {
		return nil, err
	}
	pos, err := r.readPosition(ctx, i, g, opts)
	if err != nil {
		return nil, err
	}
	return sc.run(r, &request{ctx: ctx, i: i, pos: pos, options: opts})
}

// hasSubcommands reports whether a command's options are subcommands.
func hasSubcommands(defs []*discordgo.ApplicationCommandOption) bool {
	return len(defs) > 0 && defs[0].Type == discordgo.ApplicationCommandOptionSubCommand
}

// subcommand runs tc, a command of subcommands, with the one given.
func (r *Router) subcommand(ctx context.Context, i *discordgo.Interaction, tc *slashCommand, given []*discordgo.ApplicationCommandInteractionDataOption) (*discordgo.InteractionResponse, error) {
	var names []string
	for _, d := range tc.options {
		names = append(names, d.Name)
	}
	if len(given) != 1 || given[0] == nil || given[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return nil, fault.New(fault.EInvalid, "command", "/%s needs one subcommand: %s", tc.name, strings.Join(names, ", "))
	}
	var def *discordgo.ApplicationCommandOption
	for _, d := range tc.options {
		if d.Name == given[0].Name {
			def = d
		}
	}
	if def == nil {
		return nil, fault.New(fault.EInvalid, "command", "/%s has no subcommand %q; use one of %s", tc.name, clipText(given[0].Name, 40), strings.Join(names, ", "))
	}
	opts, err := readOptions("/"+tc.name+" "+def.Name, def.Options, given[0].Options)
	if err != nil {
		return nil, err
	}
	return tc.run(r, &request{ctx: ctx, i: i, sub: def.Name, options: opts})
}

// subcommandNames lists the subcommands of g: the table's and its own.
func subcommandNames(g solver.Game) string {
	var names []string
	for _, sc := range append(subcommands[:len(subcommands):len(subcommands)], ownSubcommands(g)...) {
		names = append(names, sc.name)
	}
	return strings.Join(names, ", ")
}

// controlHandlers answer clicks and the forms that controls open, by the
// first field of the custom_id, which they get whole.
var controlHandlers = map[string]func(r *Router, ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error){
	hintPrefix:   (*Router).nextHint,
	playPrefix:   (*Router).playClick,
	cardPrefix:   (*Router).cardClick,
	pracPrefix:   (*Router).practiceClick,
	learnPrefix:  (*Router).learnClick,
	forgetPrefix: (*Router).forgetClick,
	recPrefix:    (*Router).recordClick,
	checkPrefix:  (*Router).checkSolve,
	duelPrefix:   (*Router).duelClick,
	sessPrefix:   (*Router).sessionClick,
}

// control routes a button or select click, or a form's submission, by its
// custom_id.
func (r *Router) control(ctx context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	var id string
	switch data := i.Data.(type) {
	case discordgo.MessageComponentInteractionData:
		id = data.CustomID
	case discordgo.ModalSubmitInteractionData:
		id = data.CustomID
	}
	prefix, _, _ := strings.Cut(id, ":")
	h, ok := controlHandlers[prefix]
	if !ok {
		return nil, errStale
	}
	return h(r, ctx, i, id)
}

// errStale answers a control the bot no longer understands.
var errStale = fault.New(fault.EExpired, "button", "this control is from an older version of nimtutor or has expired; run the command again")

// errorReply turns an error into an ephemeral reply: the message itself
// for a person's mistake, a notice for work that was stopped or refused,
// what was not saved for a database that failed, and "something went
// wrong" for anything else: a bug.
func (r *Router) errorReply(ctx context.Context, i *discordgo.Interaction, err error) *discordgo.InteractionResponse {
	msg := fault.Message(err)
	switch fault.Code(err) {
	case fault.EInvalid:
		outcome.Set(ctx, outcome.UserError)
		return discordx.Ephemeral("⚠️ " + clipText(msg, maxContentLen-10))
	case fault.EExpired:
		outcome.Set(ctx, outcome.Expired)
		return discordx.Ephemeral("⚠️ " + clipText(msg, maxContentLen-10))
	case fault.EForbidden:
		outcome.Set(ctx, outcome.Forbidden)
		return discordx.Ephemeral(explain.Capitalise(msg) + ".")
	case fault.EBusy:
		outcome.Set(ctx, outcome.Busy)
		return discordx.Ephemeral(msg)
	case fault.EStore:
		outcome.Set(ctx, outcome.Store)
		r.log.Warn("store failed", "interaction", i.ID, "err", err)
		return discordx.Ephemeral("⚠️ " + explain.Capitalise(msg) + ".")
	case fault.ETimeout:
		outcome.Set(ctx, outcome.Timeout)
		why := "it took too long"
		if cause := context.Cause(ctx); cause != nil && cause != err && !errors.Is(cause, context.Canceled) && !errors.Is(cause, context.DeadlineExceeded) {
			why = cause.Error()
		}
		return discordx.Ephemeral("⚠️ This was stopped before it finished (" + why + "). Please try again.")
	}
	r.log.Error("handler failed", "interaction", i.ID, "err", err)
	outcome.Set(ctx, outcome.Error)
	return internalErrorReply()
}

func internalErrorReply() *discordgo.InteractionResponse {
	return discordx.Ephemeral(fault.Message(errors.New("internal")))
}

// newMessage wraps data as a new message, private unless public.
func newMessage(data *discordgo.InteractionResponseData, public bool) *discordgo.InteractionResponse {
	if !public {
		data.Flags |= discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}

// updateMessage wraps data as the new content of the clicked message.
func updateMessage(data *discordgo.InteractionResponseData) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}
}
