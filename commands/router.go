package commands

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Cache keeps computed replies, keyed by canonical position. It must be
// safe for concurrent use and bounded; package bot provides one.
type Cache = explain.Cache

// Config is what a Router needs from the outside world.
type Config struct {
	// Log receives internal errors and panics. Nil discards them.
	Log *slog.Logger
	// Cache keeps explanations, hint ladders and game states too large
	// for a custom_id. It is required.
	Cache Cache
	// Secret signs the state carried in buttons. Replicas that answer the
	// same buttons must share it; nil means a random secret.
	Secret []byte
	// Practice opens the practice service and its store on first use;
	// nil means practice commands answer that no store is configured.
	Practice PracticeOpener
	// CommandIDs maps a command's name to the id Discord gave it, for
	// clickable command mentions; a command without one is named as text.
	CommandIDs map[string]string
	// Attachments downloads attached files (position_file, /judge). Nil
	// means files are refused with a message.
	Attachments Attachments
	// Searches bounds the exhaustive searches of /GAME verify running and
	// waiting at once; nil runs them without a bound (tests, the console).
	Searches *Gate
	// Pictures bounds the drawing of large positions; nil draws without a
	// bound. A picture that finds its gate full is left out of the reply.
	Pictures *Gate
	// Draw writes a position's picture as a PNG; nil means render.PNG.
	// Tests of the replies set a fake and pay for no drawing.
	Draw func(w io.Writer, pos solver.Position, opts render.Options) error
	// VerifyBudget bounds the states of each exhaustive search; 0 takes
	// VerifyBudget.
	VerifyBudget int
	// States, when set, shares game states too large for a custom_id
	// between replicas; nil keeps them in Cache only.
	States StateStore
	// Work, if not nil, runs every answer but the searches (which have
	// their own gate) a few at a time, first come first served: with a
	// worker or two per core, a quick answer waits for the answers ahead
	// of it instead of sharing the cores with every answer in progress,
	// which keeps the slowest answers' latency close to the typical one.
	Work *Gate
}

// Router answers every interaction nimtutor receives. Its Handle method
// returns the response as a value; it implements bot.Handler.
type Router struct {
	cfg    Config // with its defaults filled in
	signer signer
	pracMu sync.Mutex
	prac   *practice.Service // once opened
}

// New returns a Router.
func New(cfg Config) *Router {
	if cfg.Cache == nil {
		panic("commands.New: Config.Cache is required")
	}
	if cfg.Draw == nil {
		cfg.Draw = render.PNG
	}
	if cfg.VerifyBudget <= 0 {
		cfg.VerifyBudget = VerifyBudget
	}
	cfg.Log = cmp.Or(cfg.Log, slog.New(slog.DiscardHandler))
	if len(cfg.Secret) == 0 {
		cfg.Secret = make([]byte, 32)
		rand.Read(cfg.Secret)
	}
	cfg.CommandIDs = maps.Clone(cfg.CommandIDs)
	return &Router{cfg: cfg, signer: signer{key: cfg.Secret}}
}

// request is one command, with its options read out and, for a game's
// subcommand, its position parsed.
type request struct {
	ctx context.Context
	i   *discordgo.Interaction
	pos solver.Position
	options
}

// userID returns the id of the person who sent the interaction.
func userID(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User.ID
	}
	if i.User != nil {
		return i.User.ID
	}
	return ""
}

// Handle answers one interaction. It never panics: a panic in a handler is
// logged and answered with an ephemeral "something went wrong", or for
// autocomplete with no choices, the one other answer it accepts. This is
// the one recover of the handlers.
func (r *Router) Handle(ctx context.Context, i *discordgo.Interaction) (resp *discordgo.InteractionResponse) {
	defer func() {
		if p := recover(); p != nil {
			r.cfg.Log.Error("handler panic", "interaction", i.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			resp = internalErrorReply()
			if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
				resp = noChoices()
			}
		}
	}()
	gate := r.cfg.Work
	if gate != nil && (r.Slow(i) || usesStore(i)) {
		gate = nil // searches have their own gate; see usesStore
	}
	// Do, even with a nil gate, answers nothing once ctx is done: nobody
	// waits for the answer any more.
	err := gate.Do(ctx, func(ctx context.Context) error {
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
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		resp, err = r.command(ctx, i)
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		resp, err = r.control(ctx, i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		resp, err = r.autocomplete(ctx, i)
	default:
		err = &solver.InputError{Field: "interaction", Msg: fmt.Sprintf("nimtutor does not handle interactions of type %d", i.Type)}
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
	return sc == nil || sc.private
}

// command routes a slash command to its subcommand's handler.
func (r *Router) command(ctx context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return nil, &solver.InputError{Field: "command", Msg: "the command carries no data"}
	}
	if tc := findCommand(topCommands, data.Name); tc != nil {
		opts, err := readOptions("/"+tc.name, tc.options, data.Options)
		if err != nil {
			return nil, err
		}
		return tc.run(r, &request{ctx: ctx, i: i, options: opts})
	}
	g, err := solver.Lookup(data.Name)
	if err != nil {
		return nil, &solver.InputError{Field: "command", Msg: fmt.Sprintf("nimtutor has no command /%s; its commands are /%s", clipText(data.Name, 40), strings.Join(solver.Names(), ", /"))}
	}
	if len(data.Options) != 1 || data.Options[0] == nil || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return nil, &solver.InputError{Field: "command", Msg: fmt.Sprintf("/%s needs one subcommand: %s", g.Name(), subcommandNames())}
	}
	sc := findCommand(subcommands, data.Options[0].Name)
	if sc == nil {
		return nil, &solver.InputError{Field: "command", Msg: fmt.Sprintf("/%s has no subcommand %q; use one of %s", g.Name(), clipText(data.Options[0].Name, 40), subcommandNames())}
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

// subcommandNames lists the subcommands of the table.
func subcommandNames() string {
	names := make([]string, len(subcommands))
	for k, sc := range subcommands {
		names[k] = sc.name
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
var errStale = solver.Errorf(solver.EExpired, "button", "this control is from an older version of nimtutor or has expired; run the command again")

// errorReply turns an error into an ephemeral reply: the message itself
// for a person's mistake, a notice for work that was stopped or refused,
// what was not saved for a database that failed, and "something went
// wrong" for anything else: a bug.
func (r *Router) errorReply(ctx context.Context, i *discordgo.Interaction, err error) *discordgo.InteractionResponse {
	msg := solver.ErrorMessage(err)
	switch solver.ErrorCode(err) {
	case solver.EInvalid, solver.EExpired:
		return ephemeral("⚠️ " + clipText(msg, maxContentLen-10))
	case solver.EForbidden:
		return ephemeral(explain.Capitalise(msg) + ".")
	case solver.EBusy:
		return ephemeral(msg)
	case solver.EStore:
		r.cfg.Log.Warn("store failed", "interaction", i.ID, "err", err)
		return ephemeral("⚠️ " + explain.Capitalise(msg) + ".")
	case solver.ETimeout:
		why := "it took too long"
		if cause := context.Cause(ctx); cause != nil && cause != err && !errors.Is(cause, context.Canceled) && !errors.Is(cause, context.DeadlineExceeded) {
			why = cause.Error()
		}
		return ephemeral("⚠️ This was stopped before it finished (" + why + "). Please try again.")
	}
	r.cfg.Log.Error("handler failed", "interaction", i.ID, "err", err)
	return internalErrorReply()
}

func internalErrorReply() *discordgo.InteractionResponse {
	return ephemeral(solver.ErrorMessage(errors.New("internal")))
}

// ephemeral returns a new private message with the given text.
func ephemeral(text string) *discordgo.InteractionResponse {
	return newMessage(&discordgo.InteractionResponseData{
		Content: text,
		// Mentions in notes (a game's owner) name people without pinging them.
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
	}, false)
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
