package bot

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// DefaultAPIURL is Discord's REST API, version 10. An operator may route
// the calls through a shared rate-limit proxy instead (DISCORD_API_URL),
// and tests point it at a fake on loopback.
const DefaultAPIURL = "https://discord.com/api/v10"

// Sender writes to Discord's interaction endpoints; it is the one side
// effect of answering an interaction. *REST implements it; tests use
// fakes.
type Sender interface {
	// Respond sends the initial response to an interaction received over
	// the gateway (POST interactions/{id}/{token}/callback).
	Respond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error
	// EditOriginal replaces the original response (PATCH
	// webhooks/{application}/{token}/messages/@original).
	EditOriginal(ctx context.Context, i *discordgo.Interaction, data *discordgo.InteractionResponseData) error
	// Followup sends a new message after the original response (POST
	// webhooks/{application}/{token}).
	Followup(ctx context.Context, i *discordgo.Interaction, data *discordgo.InteractionResponseData) error
	// DeleteOriginal deletes the original response (DELETE
	// webhooks/{application}/{token}/messages/@original).
	DeleteOriginal(ctx context.Context, i *discordgo.Interaction) error
}

// REST is a small client for the interaction endpoints of Discord's REST
// API. Interaction webhooks need no bot token, so none is sent; the
// gateway's callbacks carry the interaction token in the path.
//
// Every call is retried on 429 and 5xx answers and on network errors,
// with exponential backoff and jitter, honouring Retry-After, until its
// context ends: callers give it the interaction token's expiry as the
// deadline. Other 4xx answers are final.
type REST struct {
	base   string
	client *http.Client
	log    *slog.Logger

	// minBackoff and maxBackoff bound the wait between attempts.
	minBackoff, maxBackoff time.Duration
	// botToken authorises the calls made as the bot user (CreateMessage);
	// "" when none is configured.
	botToken string
}

var _ Sender = (*REST)(nil)

// restTimeout bounds one attempt.
const restTimeout = 10 * time.Second

// NewREST returns a client for the API at base (DefaultAPIURL when
// empty), sending with client (a client with a 10 s timeout when nil).
func NewREST(base string, client *http.Client, log *slog.Logger) *REST {
	if client == nil {
		client = &http.Client{Timeout: restTimeout}
	}
	log = orDiscard(log)
	return &REST{base: strings.TrimRight(cmp.Or(base, DefaultAPIURL), "/"), client: client, log: log, minBackoff: 250 * time.Millisecond, maxBackoff: 15 * time.Second}
}

// WithBotToken returns a copy of c that makes the calls that need the
// bot user (CreateMessage) with token (DISCORD_TOKEN, without "Bot ").
func (c *REST) WithBotToken(token string) *REST {
	copied := *c
	copied.botToken = token
	return &copied
}

// CanPostAsBot reports whether c has a bot token for CreateMessage.
func (c *REST) CanPostAsBot() bool { return c.botToken != "" }

// errNoBotToken refuses a call as the bot user without a token.
var errNoBotToken = errors.New("no bot token is configured (DISCORD_TOKEN)")

// CreateMessage posts data to channel as the bot user (POST
// /channels/{channel}/messages, authorised with the bot token). Discord
// refuses it (403) unless the bot user is in the channel's server with
// View Channel and Send Messages there; a user-installed app has no bot
// user in the server and cannot post this way.
func (c *REST) CreateMessage(ctx context.Context, channel string, data *discordgo.InteractionResponseData) error {
	if c.botToken == "" {
		return errNoBotToken
	}
	p, err := encodeMessage(data, true)
	if err != nil {
		return err
	}
	return c.createMessage(ctx, channel, p)
}

func (c *REST) createMessage(ctx context.Context, channel string, p payload) error {
	p.auth = "Bot " + c.botToken
	return c.doAtMost(ctx, http.MethodPost, "/channels/"+url.PathEscape(channel)+"/messages", p, maxFollowupTries)
}

// Post posts a message no interaction is waiting for: as the bot user
// when p.AsBot and a bot token is configured, else (or when Discord
// refuses that) as a follow-up of p's earlier interaction while its
// token lasts. It returns an error when neither way took it.
func (c *REST) Post(ctx context.Context, p discordx.Post) error {
	body, err := encodeMessage(p.Data, true) // encoded once: its files are read once
	if err != nil {
		return err
	}
	var asBot error = errNoBotToken
	if p.AsBot && c.botToken != "" {
		if asBot = c.createMessage(ctx, p.Channel, body); asBot == nil {
			return nil
		}
		c.log.Warn("posting to a channel as the bot user failed; trying the interaction's follow-up", "channel", p.Channel, "err", asBot)
	}
	if p.Token == "" || !time.Now().Before(p.Until) {
		return fmt.Errorf("the bot user cannot post in channel %s (%w) and no interaction token is valid", p.Channel, asBot)
	}
	fctx, cancel := context.WithDeadline(ctx, p.Until)
	defer cancel()
	return c.doAtMost(fctx, http.MethodPost, "/webhooks/"+url.PathEscape(p.AppID)+"/"+url.PathEscape(p.Token), body, maxFollowupTries)
}

// CheckAPIURL reports whether s is usable as DISCORD_API_URL: an
// absolute http or https URL.
func CheckAPIURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("%q is not an http(s) URL such as %s", s, DefaultAPIURL)
	}
	return nil
}

// Respond implements Sender.
func (c *REST) Respond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	p, err := encodeResponse(resp)
	if err != nil {
		return err
	}
	err = c.do(ctx, http.MethodPost, "/interactions/"+url.PathEscape(i.ID)+"/"+url.PathEscape(i.Token)+"/callback", p)
	if retriedAck(err) {
		// An earlier attempt reached Discord and was taken, but the
		// connection failed before its answer came back.
		c.log.Info("interaction response taken on an earlier attempt", "interaction", i.ID)
		return nil
	}
	return err
}

// errAckAfterRetry marks a callback that Discord calls already
// acknowledged after an attempt that failed on the network.
var errAckAfterRetry = errors.New("already acknowledged after a retry")

// codeAlreadyAcknowledged is Discord's JSON error code for a second
// response to one interaction.
const codeAlreadyAcknowledged = 40060

// retriedAck reports whether err is Discord's "already acknowledged"
// answer to a callback retried after a network error.
func retriedAck(err error) bool { return errors.Is(err, errAckAfterRetry) }

// EditOriginal implements Sender.
func (c *REST) EditOriginal(ctx context.Context, i *discordgo.Interaction, data *discordgo.InteractionResponseData) error {
	p, err := encodeMessage(data, true)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodPatch, c.webhook(i)+"/messages/@original", p)
}

// Followup implements Sender.
func (c *REST) Followup(ctx context.Context, i *discordgo.Interaction, data *discordgo.InteractionResponseData) error {
	p, err := encodeMessage(data, false)
	if err != nil {
		return err
	}
	return c.doAtMost(ctx, http.MethodPost, c.webhook(i), p, maxFollowupTries)
}

// maxFollowupTries bounds the attempts at one follow-up that Discord may
// have taken without saying so (a network error, a 5xx): each may have
// posted the message, and Discord allows a user-installed app 5
// follow-ups per interaction. nimtutor sends at most one follow-up per
// interaction, so even a follow-up posted on every attempt stays within
// the limit. A 429 is not counted: Discord took nothing.
const maxFollowupTries = 5

// DeleteOriginal implements Sender.
func (c *REST) DeleteOriginal(ctx context.Context, i *discordgo.Interaction) error {
	return c.do(ctx, http.MethodDelete, c.webhook(i)+"/messages/@original", payload{})
}

func (c *REST) webhook(i *discordgo.Interaction) string {
	return "/webhooks/" + url.PathEscape(i.AppID) + "/" + url.PathEscape(i.Token)
}

// APIError is a final error answer from Discord.
type APIError struct {
	Status int
	// Message is the start of Discord's answer body.
	Message string
}

// code returns Discord's JSON error code from the message, or 0.
func (e *APIError) code() int {
	var body struct {
		Code int `json:"code"`
	}
	if json.Unmarshal([]byte(e.Message), &body) != nil {
		return 0
	}
	return body.Code
}

// Error returns the status and Discord's message.
func (e *APIError) Error() string {
	return fmt.Sprintf("discord answered %d: %s", e.Status, e.Message)
}

// do sends one request, retrying as the type's comment says. The path is
// never logged: it holds the interaction token.
func (c *REST) do(ctx context.Context, method, path string, p payload) error {
	return c.doAtMost(ctx, method, path, p, 0)
}

// doAtMost is do with at most maxUncertain attempts (0: no bound) that
// Discord may have taken unanswered: network errors and 5xx answers.
func (c *REST) doAtMost(ctx context.Context, method, path string, p payload, maxUncertain int) error {
	backoff := c.minBackoff
	netFailed := false // an attempt may have reached Discord unanswered
	uncertain := 0
	for attempt := 1; ; attempt++ {
		wait, err := c.attempt(ctx, method, path, p)
		if err == nil {
			return nil
		}
		if apiErr, ok := errors.AsType[*APIError](err); !ok || apiErr.Status >= 500 {
			uncertain++
			if maxUncertain > 0 && uncertain >= maxUncertain && wait >= 0 {
				return fmt.Errorf("giving up after %d attempts that Discord may each have taken: %w", uncertain, err)
			}
		}
		if wait < 0 {
			if apiErr, ok := errors.AsType[*APIError](err); ok && netFailed && apiErr.Status == http.StatusBadRequest && apiErr.code() == codeAlreadyAcknowledged {
				return fmt.Errorf("%w: %w", errAckAfterRetry, err)
			}
			return err // final
		}
		if _, ok := errors.AsType[*APIError](err); !ok {
			netFailed = true
		}
		if wait < backoff {
			// Full jitter on the exponential step, at least half of it.
			wait = backoff/2 + rand.N(backoff/2+1)
		}
		backoff = min(2*backoff, c.maxBackoff)
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return fmt.Errorf("giving up after %d attempts, the interaction token expires first (%w): %w", attempt, context.DeadlineExceeded, err)
		}
		c.log.Warn("discord call failed; retrying", "method", method, "attempt", attempt, "wait", wait, "err", err)
		select {
		case <-ctx.Done():
			return fmt.Errorf("giving up after %d attempts (%w): %w", attempt, context.Cause(ctx), err)
		case <-time.After(wait):
		}
	}
}

// attempt sends the request once. It returns nil on success; otherwise
// the error and how long to wait before retrying, or -1 when the error is
// final.
func (c *REST) attempt(ctx context.Context, method, path string, p payload) (time.Duration, error) {
	if err := ctx.Err(); err != nil {
		return -1, context.Cause(ctx)
	}
	actx, cancel := context.WithTimeout(ctx, restTimeout)
	defer cancel()
	var body io.Reader
	if p.body != nil {
		body = bytes.NewReader(p.body)
	}
	req, err := http.NewRequestWithContext(actx, method, c.base+path, body)
	if err != nil {
		return -1, err
	}
	if p.contentType != "" {
		req.Header.Set("Content-Type", p.contentType)
	}
	if p.auth != "" {
		req.Header.Set("Authorization", p.auth)
	}
	req.Header.Set("User-Agent", "DiscordBot (https://github.com/nimtutor/nimtutor, 1)")
	resp, err := c.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return -1, context.Cause(ctx)
		}
		// The path, which holds the token, is left out.
		return 0, errors.New("network error: " + strings.ReplaceAll(err.Error(), path, "/…"))
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode < 300 {
		return 0, nil
	}
	apiErr := &APIError{Status: resp.StatusCode, Message: strings.TrimSpace(string(msg))}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return retryAfter(resp.Header, msg), apiErr
	}
	return -1, apiErr
}

// retryAfter reads how long Discord asks to wait: the Retry-After header
// in seconds (fractions allowed), else retry_after in a JSON body, else 0.
func retryAfter(h http.Header, body []byte) time.Duration {
	if s := h.Get("Retry-After"); s != "" {
		if secs, err := strconv.ParseFloat(s, 64); err == nil && secs >= 0 {
			return time.Duration(secs * float64(time.Second))
		}
		if t, err := http.ParseTime(s); err == nil {
			return max(0, time.Until(t))
		}
	}
	if k := bytes.Index(body, []byte(`"retry_after"`)); k >= 0 {
		rest := strings.TrimLeft(string(body[k+len(`"retry_after"`):]), " :")
		end := strings.IndexAny(rest, ",} \n")
		if end > 0 {
			if secs, err := strconv.ParseFloat(rest[:end], 64); err == nil && secs >= 0 {
				return time.Duration(secs * float64(time.Second))
			}
		}
	}
	return 0
}
