package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// DefaultDeferAfter is how long a Handler may take before the transports
// send a deferral. Discord drops interactions not answered within three
// seconds; the rest of the budget is for the deferral's own round trip.
const DefaultDeferAfter = 2 * time.Second

// tokenLife is how long an interaction token lets the bot answer: the
// edits and follow-ups of a deferred answer must arrive within it.
const tokenLife = 15 * time.Minute

// tokenMargin is kept back from tokenLife for the last delivery's trip.
const tokenMargin = 20 * time.Second

// maxHandlerTime bounds a Handler's work, leaving time to deliver an
// apology before the token expires.
const maxHandlerTime = 14 * time.Minute

// DefaultClaimTimeout is how long the transports wait for the Ledger to
// say whether an interaction is new. A ledger that takes longer (a
// stalled database) is not waited for: the interaction is answered
// anyway, as when the ledger fails, and counted as a late claim.
const DefaultClaimTimeout = 300 * time.Millisecond

// Causes of a handler's cancellation; the deferrer reads them to choose
// what, if anything, the user is told.
var (
	// errStopping cancels work when the process is shutting down.
	errStopping = errors.New("nimtutor is restarting")
	// errTooLong cancels a Handler that used up maxHandlerTime.
	errTooLong = errors.New("the work took too long")
	// errTokenExpired cancels a delivery that can no longer arrive: the
	// interaction token's 15 minutes are up.
	errTokenExpired = errors.New("the 15 minutes Discord allows for an answer are up")
	// errNoListener cancels work for an HTTP request whose client went
	// away before the first answer: nobody can receive it.
	errNoListener = errors.New("the request was abandoned before it was answered")
	// errClaimTimeout ends a ledger claim that took longer than the
	// deferrer waits for it.
	errClaimTimeout = errors.New("the interaction ledger did not answer in time")
)

// Reasons a deferred answer was not delivered, as counted.
const (
	undeliveredExpired  = "token_expired"
	undeliveredStopping = "stopping"
	// undeliveredRejected is an answer Discord refused for good (a 4xx
	// other than 429): a bug, or a message deleted meanwhile.
	undeliveredRejected = "rejected"
)

// deferralEvents is implemented by a Sender that counts what the
// deferrer gives up on (Metrics.Sender does): a deferred answer not
// delivered, for one of the reasons above, and a ledger claim answered
// without waiting for the ledger.
type deferralEvents interface {
	undelivered(reason string)
	claimLate()
}

// Messages of the answers the deferrer itself gives.
const (
	msgStopping = "⚠️ nimtutor is restarting and could not finish this. Please run it again in a minute."
	msgTimeout  = "⚠️ This took longer than nimtutor allows for one answer, so it was stopped. Try a smaller position."
	msgNoModal  = "⚠️ Discord cannot open a form after a delay, and nimtutor was slow to answer this click. Please click again."
	msgBadData  = "⚠️ nimtutor could not read this request from Discord (%s). Please run the command again."
)

// deferrer is the middleware both Discord transports share. It makes sure
// every accepted interaction gets exactly one final answer: it runs the
// Handler, answers inline when the Handler is quick, and otherwise sends a
// deferral and delivers the Handler's answer later through the Sender,
// retrying until the interaction token expires. It cancels the Handler's
// work once its answer can no longer be delivered, and on shutdown
// apologises for what it cannot finish.
type deferrer struct {
	handler Handler
	sender  Sender
	ledger  Ledger
	after   time.Duration
	// claimWait bounds the ledger's claim (DefaultClaimTimeout).
	claimWait time.Duration
	// tokenLife and handlerTime are tokenLife and maxHandlerTime; tests
	// shorten them.
	tokenLife, handlerTime time.Duration
	log                    *slog.Logger

	// base is the parent of every handler's context; stop cancels it when
	// the process stops.
	base context.Context
	stop context.CancelCauseFunc
	// deliveries is the parent of every delivery's context; it is
	// cancelled when shutdown gives up waiting.
	deliveries context.Context
	abandon    context.CancelFunc

	mu       sync.Mutex
	stopping bool
	work     sync.WaitGroup // handlers running and answers not yet delivered
}

// newDeferrer returns a deferrer; after <= 0 means DefaultDeferAfter and
// a nil ledger a fresh MemoryLedger.
func newDeferrer(h Handler, s Sender, ledger Ledger, after time.Duration, log *slog.Logger) *deferrer {
	if after <= 0 {
		after = DefaultDeferAfter
	}
	if ledger == nil {
		ledger = NewMemoryLedger(0, 0)
	}
	d := &deferrer{handler: h, sender: s, ledger: ledger, after: after, claimWait: DefaultClaimTimeout, tokenLife: tokenLife, handlerTime: maxHandlerTime, log: log}
	d.base, d.stop = context.WithCancelCause(context.Background())
	d.deliveries, d.abandon = context.WithCancel(context.Background())
	return d
}

// begin registers work in flight, unless shutdown has begun: the check
// and the registration happen under one lock, so shutdown never waits on
// a count that is still growing.
func (d *deferrer) begin() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopping {
		return false
	}
	d.work.Add(1)
	return true
}

// record claims i's id in the ledger; it logs and reports errDuplicate
// for an id seen before. A ledger that fails, or does not answer within
// claimWait, is logged and the interaction answered: better twice than
// never, and better than too late. The claim runs on a goroutine of its
// own, so that even a ledger that ignores its context cannot hold up
// the answer.
func (d *deferrer) record(ctx context.Context, i *discordgo.Interaction) error {
	// The claim's context ends when record returns: a claim still
	// running then is no longer waited for.
	cctx, cancel := context.WithTimeoutCause(ctx, d.claimWait, errClaimTimeout)
	defer cancel()
	type claim struct {
		fresh bool
		err   error
	}
	got := make(chan claim, 1)
	go func() {
		fresh, err := d.ledger.Claim(cctx, i.ID)
		got <- claim{fresh, err}
	}()
	var c claim
	select {
	case c = <-got:
	case <-cctx.Done():
		select {
		case c = <-got: // it answered as the deadline came
		default:
			c.err = context.Cause(cctx)
		}
	}
	if c.err != nil {
		if errors.Is(c.err, errClaimTimeout) || errors.Is(c.err, context.DeadlineExceeded) {
			d.log.Error("interaction ledger did not answer in time; answering anyway", append(logAttrs(i), "waited", d.claimWait)...)
			if ev, ok := d.sender.(deferralEvents); ok {
				ev.claimLate()
			}
			return nil
		}
		d.log.Error("interaction ledger failed; answering anyway", append(logAttrs(i), "err", c.err)...)
		return nil
	}
	if !c.fresh {
		d.log.Warn("interaction received twice; answered once", logAttrs(i)...)
		return errDuplicate
	}
	return nil
}

// answer claims i and, unless it was seen before (errDuplicate) or the
// process is stopping (errStopping, answered with an apology), sends
// exactly one initial response with respond. When i's data could not be
// read (fe is not nil) that is a message naming the field; otherwise it
// runs the Handler and sends the Handler's answer if it returns within
// the threshold, a deferral otherwise. The threshold counts from the
// interaction's arrival, the ledger's claim included. It returns once the
// initial response has been sent; a deferred answer is delivered by a
// goroutine that shutdown waits for. ctx is the request's: if it ends
// before the deferral is sent, the work is cancelled; once the deferral
// is on its way, the answer belongs to the webhook and nothing that
// happens to the request can cancel it.
func (d *deferrer) answer(ctx context.Context, i *discordgo.Interaction, fe *discordx.FieldError, respond func(*discordgo.InteractionResponse) error) error {
	arrived := time.Now()
	if fe != nil {
		d.log.Warn("interaction data cannot be read", append(logAttrs(i), "err", fe)...)
	}
	if err := d.record(ctx, i); err != nil {
		return err // answered already: nothing for the copy
	}
	if !d.begin() {
		d.send(i, respond, apology(i, msgStopping))
		return errStopping
	}
	start := arrived
	hctx, cancel := context.WithDeadlineCause(d.base, start.Add(d.handlerTime), errTooLong)
	hctx, cancelCause := context.WithCancelCause(hctx)
	unwatch := context.AfterFunc(ctx, func() { cancelCause(errNoListener) })
	// release ends the work: here, or once a deferred answer is delivered.
	release := func() {
		cancelCause(nil)
		cancel()
		d.work.Done()
	}
	handedOff := false
	defer func() {
		if !handedOff {
			unwatch()
			release()
		}
	}()
	if fe != nil {
		d.send(i, respond, apology(i, fmt.Sprintf(msgBadData, fe.Error())))
		return nil
	}

	done := make(chan *discordgo.InteractionResponse, 1)
	go func() {
		done <- safely(d.log, i, "handler", errorResponse(i), func() *discordgo.InteractionResponse { return d.handler.Handle(hctx, i) })
	}()

	select {
	case resp := <-done:
		if d.send(i, respond, d.check(i, resp)) {
			d.log.Debug("interaction answered", append(logAttrs(i), "took", time.Since(start))...)
		}
		return nil
	case <-hctx.Done():
		switch context.Cause(hctx) {
		case errStopping:
			d.send(i, respond, apology(i, msgStopping))
		case errTooLong:
			d.send(i, respond, apology(i, msgTimeout))
		case errNoListener:
			d.log.Warn("request abandoned before it was answered", logAttrs(i)...)
		}
		return nil
	case <-time.After(d.threshold(i) - time.Since(arrived)):
	}

	// A panic in Private counts as not private.
	deferral := deferralFor(i, safely(d.log, i, "Private", false, func() bool { return d.handler.Private(i) }))
	if deferral.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		d.send(i, respond, deferral)
		return nil // autocomplete cannot be deferred; a late result is useless
	}
	// Stop watching the request before the deferral is written: the
	// client may close the connection the instant it reads it, and from
	// then on the answer goes by webhook. If the watch has fired
	// already, the client left before the deferral and the work is
	// cancelled.
	if !unwatch() {
		d.log.Warn("request abandoned before it was answered", logAttrs(i)...)
		return nil
	}
	if !d.send(i, respond, deferral) {
		return nil // not received: nobody would see the answer
	}
	d.log.Debug("interaction deferred", logAttrs(i)...)
	handedOff = true
	go func() {
		defer release()
		safely(d.log, i, "delivering a deferred answer", struct{}{}, func() struct{} {
			d.deliver(hctx, i, deferral, done, start)
			return struct{}{}
		})
	}()
	return nil
}

// send sends resp with respond, logging a failure; it reports success.
func (d *deferrer) send(i *discordgo.Interaction, respond func(*discordgo.InteractionResponse) error, resp *discordgo.InteractionResponse) bool {
	err := respond(resp)
	if errors.Is(err, errEncode) {
		d.log.Error("handler response cannot be encoded", append(logAttrs(i), "err", err)...)
		err = respond(errorResponse(i))
	}
	if err != nil {
		d.log.Error("sending interaction response", append(logAttrs(i), "err", err)...)
		return false
	}
	return true
}

// deliver waits for a deferred Handler, started at start, and delivers its
// answer, or an apology when its work was cancelled, while the token lasts.
func (d *deferrer) deliver(hctx context.Context, i *discordgo.Interaction, deferral *discordgo.InteractionResponse, done <-chan *discordgo.InteractionResponse, start time.Time) {
	var resp *discordgo.InteractionResponse
	counted := false // the answer is counted as undelivered at most once
	select {
	case resp = <-done:
		resp = d.check(i, resp)
	case <-hctx.Done():
		// The Handler sees its context cancelled and stops; its late
		// answer, if any, is dropped.
		counted = true
		switch cause := context.Cause(hctx); cause {
		case errStopping:
			d.undelivered(undeliveredStopping)
			resp = apology(i, msgStopping)
		case errTooLong:
			// The handler used the token's time: its answer is lost
			// as if the token had expired.
			d.log.Error("handler did not finish in time", logAttrs(i)...)
			d.undelivered(undeliveredExpired)
			resp = apology(i, msgTimeout)
		default:
			d.log.Error("answer could not be delivered in time", append(logAttrs(i), "err", cause)...)
			return
		}
	}
	dctx, cancel := context.WithDeadlineCause(d.deliveries, start.Add(d.tokenLife-min(tokenMargin, d.tokenLife/10)), errTokenExpired)
	defer cancel()
	err := d.complete(dctx, i, deferral, resp)
	if errors.Is(err, errEncode) {
		d.log.Error("handler response cannot be encoded", append(logAttrs(i), "err", err)...)
		err = d.complete(dctx, i, deferral, errorResponse(i))
	}
	if err != nil {
		d.log.Error("deferred answer not delivered", append(logAttrs(i), "err", err)...)
		switch {
		case counted: // an apology not delivered for an answer counted already
		case errors.Is(err, errTokenExpired), errors.Is(err, context.DeadlineExceeded):
			d.undelivered(undeliveredExpired)
		case d.deliveries.Err() != nil:
			d.undelivered(undeliveredStopping) // shutdown abandoned the delivery
		default:
			d.undelivered(undeliveredRejected)
		}
		return
	}
	d.log.Debug("deferred interaction answered", append(logAttrs(i), "took", time.Since(start))...)
}

// undelivered counts a deferred answer given up on, when the Sender
// counts.
func (d *deferrer) undelivered(reason string) {
	if ev, ok := d.sender.(deferralEvents); ok {
		ev.undelivered(reason)
	}
}

// apology is an ephemeral message for i, or no choices for autocomplete.
func apology(i *discordgo.Interaction, msg string) *discordgo.InteractionResponse {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return emptyChoices()
	}
	return discordx.Ephemeral(msg)
}

// idle returns a channel closed once no work is in flight.
func (d *deferrer) idle() <-chan struct{} {
	idle := make(chan struct{})
	go func() {
		d.work.Wait()
		close(idle)
	}()
	return idle
}

// shutdown stops taking interactions, lets work in flight finish for up to
// grace (DefaultShutdownGrace when <= 0), then cancels what is left
// (deferred answers become apologies) and waits until everything is
// delivered or ctx ends, after which deliveries still retrying are
// abandoned. It logs and reports ctx's error in that case.
func (d *deferrer) shutdown(ctx context.Context, grace time.Duration) error {
	if grace <= 0 {
		grace = DefaultShutdownGrace
	}
	d.mu.Lock()
	d.stopping = true
	d.mu.Unlock()
	idle := d.idle()
	select {
	case <-idle:
		return nil
	case <-time.After(grace):
	case <-ctx.Done():
	}
	d.stop(errStopping)
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		d.abandon()
		d.log.Warn("answers still pending at shutdown were abandoned", "err", ctx.Err())
		return ctx.Err()
	}
}

// threshold is how long i's answer may take before it is deferred: the
// usual wait, or QuickDeferAfter when the Handler says the answer is slow
// (a panic there counts as not slow).
func (d *deferrer) threshold(i *discordgo.Interaction) time.Duration {
	p, ok := d.handler.(Pacer)
	if ok && safely(d.log, i, "Slow", false, func() bool { return p.Slow(i) }) {
		return min(d.after, QuickDeferAfter)
	}
	return d.after
}

// safely returns f(), or fallback when f panics, logging the panic with
// the interaction and the stack. It is how the bot survives a panic in a
// Handler's code: around each call into the Handler and at the top of
// each goroutine it starts for one; the transports recover likewise
// around a whole interaction, so that a panic in their own code still
// gets an answer.
func safely[T any](log *slog.Logger, i *discordgo.Interaction, what string, fallback T, f func() T) (out T) {
	defer func() {
		if r := recover(); r != nil {
			log.Error(what+" panicked", append(logAttrs(i), "panic", r, "stack", string(debug.Stack()))...)
			out = fallback
		}
	}()
	return f()
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

// isEphemeral reports whether a response's message is private.
func isEphemeral(resp *discordgo.InteractionResponse) bool {
	return resp.Data != nil && resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

// complete delivers resp for an interaction that was answered with
// deferral.
//   - After a "thinking…" deferral the original response is edited into
//     resp; but when the deferral was public and resp is private (an
//     error, a busy notice), the public "thinking…" is deleted and resp
//     sent as an ephemeral follow-up, so privacy survives the deferral.
//   - After a silent acknowledgement of a click, an update (type 7) edits
//     the clicked message and a new message (type 4) becomes a follow-up,
//     so it does not overwrite the message clicked on.
//   - A modal cannot follow a deferral; the user is asked to click again.
func (d *deferrer) complete(ctx context.Context, i *discordgo.Interaction, deferral, resp *discordgo.InteractionResponse) error {
	silent := deferral.Type == discordgo.InteractionResponseDeferredMessageUpdate
	if resp.Type == discordgo.InteractionResponseModal {
		d.log.Warn("a modal cannot follow a deferral", logAttrs(i)...)
		resp = discordx.Ephemeral(msgNoModal)
	}
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		if silent {
			return d.sender.Followup(ctx, i, resp.Data)
		}
		if isEphemeral(resp) && !isEphemeral(deferral) {
			if err := d.sender.DeleteOriginal(ctx, i); err != nil {
				d.log.Warn("deleting the public deferral", append(logAttrs(i), "err", err)...)
			}
			return d.sender.Followup(ctx, i, resp.Data)
		}
		return d.sender.EditOriginal(ctx, i, resp.Data)
	case discordgo.InteractionResponseUpdateMessage:
		return d.sender.EditOriginal(ctx, i, resp.Data)
	}
	// A deferral or a pong cannot follow a deferral: a bug.
	d.log.Error("handler response cannot follow a deferral", append(logAttrs(i), "response_type", resp.Type)...)
	apology := discordx.Ephemeral(somethingWentWrong)
	if silent || !isEphemeral(deferral) {
		return d.sender.Followup(ctx, i, apology.Data)
	}
	return d.sender.EditOriginal(ctx, i, apology.Data)
}
