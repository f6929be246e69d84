package bot

import (
	"context"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultDeferAfter is how long a Handler may take before the transports
// send a deferral. Discord drops interactions not answered within three
// seconds; the rest of the budget is for the deferral's own round trip.
const DefaultDeferAfter = 2 * time.Second

// maxHandlerTime bounds a deferred handler. Interaction tokens stay valid
// for 15 minutes; after that the edit could not be delivered anyway.
const maxHandlerTime = 14 * time.Minute

// Editor delivers the result of a deferred interaction through the
// interaction webhook. *discordgo.Session implements it; the webhook calls
// need no bot token, so a Session made with an empty token will do.
type Editor interface {
	// InteractionResponseEdit edits the original response (PATCH
	// webhooks/{application}/{token}/messages/@original).
	InteractionResponseEdit(i *discordgo.Interaction, edit *discordgo.WebhookEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	// FollowupMessageCreate sends a new message after the original response
	// (POST webhooks/{application}/{token}).
	FollowupMessageCreate(i *discordgo.Interaction, wait bool, params *discordgo.WebhookParams, options ...discordgo.RequestOption) (*discordgo.Message, error)
}

var _ Editor = (*discordgo.Session)(nil)

// deferrer is the middleware both transports share. It runs the Handler,
// answers inline when the Handler is quick, and otherwise sends a deferral
// and delivers the Handler's response later through the Editor.
type deferrer struct {
	handler Handler
	editor  Editor
	after   time.Duration
	log     *slog.Logger

	pending sync.WaitGroup // deferred handlers whose result is not delivered yet
}

// newDeferrer returns a deferrer; after <= 0 means DefaultDeferAfter and a
// nil log discards.
func newDeferrer(h Handler, e Editor, after time.Duration, log *slog.Logger) *deferrer {
	if after <= 0 {
		after = DefaultDeferAfter
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &deferrer{handler: h, editor: e, after: after, log: log}
}

// answer runs the Handler on i and sends exactly one initial response with
// respond: the Handler's own if it returns within the threshold, a
// deferral otherwise. It returns once the initial response has been sent;
// a deferred Handler's response is delivered by a background goroutine
// that wait waits for. The Handler's context is ctx without its
// cancellation, so a finished HTTP request does not cancel it.
func (d *deferrer) answer(ctx context.Context, i *discordgo.Interaction, respond func(*discordgo.InteractionResponse) error) {
	start := time.Now()
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), maxHandlerTime)
	handedOff := false // true once the background delivery owns cancel
	defer func() {
		if !handedOff {
			cancel() // also when respond panics
		}
	}()
	done := make(chan *discordgo.InteractionResponse, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				d.log.Error("handler panicked", append(logAttrs(i), "panic", r, "stack", string(debug.Stack()))...)
				done <- errorResponse(i)
			}
		}()
		done <- d.handler.Handle(hctx, i)
	}()

	timer := time.NewTimer(d.after)
	defer timer.Stop()
	select {
	case resp := <-done:
		resp = d.check(i, resp)
		if err := respond(resp); err != nil {
			d.log.Error("sending interaction response", append(logAttrs(i), "err", err)...)
			return
		}
		d.log.Debug("interaction answered", append(logAttrs(i), "took", time.Since(start))...)
		return
	case <-timer.C:
	}

	deferral := deferralFor(i, d.private(i))
	if err := respond(deferral); err != nil {
		d.log.Error("sending deferral", append(logAttrs(i), "err", err)...)
		return
	}
	d.log.Debug("interaction deferred", logAttrs(i)...)
	if deferral.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		return // autocomplete cannot be deferred; a late result is useless
	}
	handedOff = true
	d.pending.Add(1)
	go func() {
		defer d.pending.Done()
		defer cancel()
		defer func() {
			if r := recover(); r != nil {
				d.log.Error("delivering deferred response panicked", append(logAttrs(i), "panic", r)...)
			}
		}()
		var resp *discordgo.InteractionResponse
		ectx := hctx
		select {
		case resp = <-done:
		case <-hctx.Done():
			d.log.Error("handler did not finish in time", append(logAttrs(i), "err", hctx.Err())...)
			resp = errorResponse(i)
			ectx = context.WithoutCancel(hctx) // still deliver the apology
		}
		resp = d.check(i, resp)
		if err := d.complete(ectx, i, deferral.Type, resp); err != nil {
			d.log.Error("delivering deferred response", append(logAttrs(i), "err", err)...)
			return
		}
		d.log.Debug("deferred interaction answered", append(logAttrs(i), "took", time.Since(start))...)
	}()
}

// wait blocks until every deferred response has been delivered or ctx is
// done, and reports ctx's error in the latter case.
func (d *deferrer) wait(ctx context.Context) error {
	idle := make(chan struct{})
	go func() {
		d.pending.Wait()
		close(idle)
	}()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// private calls Handler.Private, treating a panic as "not private".
func (d *deferrer) private(i *discordgo.Interaction) (p bool) {
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("Private panicked", append(logAttrs(i), "panic", r)...)
			p = false
		}
	}()
	return d.handler.Private(i)
}

// check replaces a nil response or one without data where data is needed
// with the error response.
func (d *deferrer) check(i *discordgo.Interaction, resp *discordgo.InteractionResponse) *discordgo.InteractionResponse {
	if resp == nil {
		d.log.Error("handler returned no response", logAttrs(i)...)
		return errorResponse(i)
	}
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseUpdateMessage,
		discordgo.InteractionResponseModal:
		if resp.Data == nil {
			d.log.Error("handler returned a response without data", append(logAttrs(i), "response_type", resp.Type)...)
			return errorResponse(i)
		}
	}
	return resp
}

// deferralFor returns the deferral for i: "thinking…" (type 5, with the
// ephemeral flag when private) for commands and for modals submitted from a
// command, a silent acknowledgement (type 6) for component clicks and
// modals submitted from a message, and no suggestions for autocomplete,
// which cannot be deferred.
func deferralFor(i *discordgo.Interaction, private bool) *discordgo.InteractionResponse {
	switch {
	case i.Type == discordgo.InteractionApplicationCommandAutocomplete:
		return emptyChoices()
	case i.Type == discordgo.InteractionMessageComponent,
		i.Type == discordgo.InteractionModalSubmit && i.Message != nil:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if private {
		resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return resp
}

// complete delivers resp for an interaction that was deferred with a
// response of type deferred. After a "thinking…" deferral the original
// response is edited into resp. After a silent acknowledgement of a click
// an update (type 7) edits the clicked message and a new message (type 4)
// becomes a follow-up, so it does not overwrite the message clicked on.
func (d *deferrer) complete(ctx context.Context, i *discordgo.Interaction, deferred discordgo.InteractionResponseType, resp *discordgo.InteractionResponse) error {
	opt := discordgo.WithContext(ctx)
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		if deferred == discordgo.InteractionResponseDeferredMessageUpdate {
			_, err := d.editor.FollowupMessageCreate(i, false, followup(resp.Data), opt)
			return err
		}
		_, err := d.editor.InteractionResponseEdit(i, webhookEdit(resp.Data), opt)
		return err
	case discordgo.InteractionResponseUpdateMessage:
		_, err := d.editor.InteractionResponseEdit(i, webhookEdit(resp.Data), opt)
		return err
	}
	// A modal, a deferral or a pong cannot follow a deferral.
	d.log.Error("handler response cannot follow a deferral", append(logAttrs(i), "response_type", resp.Type)...)
	apology := ephemeral(somethingWentWrong).Data
	if deferred == discordgo.InteractionResponseDeferredMessageUpdate {
		_, err := d.editor.FollowupMessageCreate(i, false, followup(apology), opt)
		return err
	}
	_, err := d.editor.InteractionResponseEdit(i, webhookEdit(apology), opt)
	return err
}

// webhookEdit turns response data into an edit that replaces the whole
// message: content, components and embeds are always sent, empty if unset.
func webhookEdit(data *discordgo.InteractionResponseData) *discordgo.WebhookEdit {
	content := data.Content
	components := data.Components
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	embeds := data.Embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	return &discordgo.WebhookEdit{
		Content:         &content,
		Components:      &components,
		Embeds:          &embeds,
		Files:           data.Files,
		Attachments:     data.Attachments,
		AllowedMentions: data.AllowedMentions,
	}
}

// followup turns response data into a follow-up message, keeping the
// ephemeral flag.
func followup(data *discordgo.InteractionResponseData) *discordgo.WebhookParams {
	p := &discordgo.WebhookParams{
		Content:         data.Content,
		TTS:             data.TTS,
		Files:           data.Files,
		Components:      data.Components,
		Embeds:          data.Embeds,
		AllowedMentions: data.AllowedMentions,
		Flags:           data.Flags,
	}
	if data.Attachments != nil {
		p.Attachments = *data.Attachments
	}
	return p
}
