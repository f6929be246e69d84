package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// `nimtutor loadtest` drives the real HTTP interactions endpoint with the
// mix of a busy study server, beside a do-nothing endpoint (the same
// transport, signature check and JSON parsing, answering a small message)
// driven by the same client, and reports both. Everything runs in this
// process on loopback: the endpoint, the floor, the client, and a fake
// Discord REST API that receives the deferred answers.

// loadConfig is what the loadtest flags set.
type loadConfig struct {
	duration, floor time.Duration
	conns           int
	seed            uint64
	minLen, maxLen  int
	cpuProfile      string
}

// The request kinds the report breaks latency down by.
const (
	kSolve    = "solve"
	kHint     = "hint"
	kHintNext = "hint: Next hint click"
	kPlay     = "play"
	kMenu     = "play: move from the menu"
	kForm     = "play: open Type a move"
	kTyped    = "play: typed move (Label form)"
	kVerify   = "verify"
)

var kindOrder = []string{kSolve, kHint, kHintNext, kPlay, kMenu, kForm, kTyped, kVerify}

// sample is one request as the client saw it.
type sample struct {
	kind     string
	took     time.Duration
	deferred bool   // answered with a deferral (type 5 or 6)
	note     string // "busy", "error" (a ⚠️ message), "" otherwise
}

// runLoadtest implements `nimtutor loadtest`.
func runLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("loadtest")
	cfg := loadConfig{}
	fs.DurationVar(&cfg.duration, "duration", 20*time.Second, "how long to drive the real endpoint")
	fs.DurationVar(&cfg.floor, "floor", 0, "how long to drive the do-nothing endpoint (default: a quarter of -duration, at least 2s)")
	fs.IntVar(&cfg.conns, "conns", 16, "concurrent connections")
	fs.Uint64Var(&cfg.seed, "seed", 1, "random seed for positions and choices")
	fs.IntVar(&cfg.minLen, "min", 5, "shortest position, in characters")
	fs.IntVar(&cfg.maxLen, "max", 2000, "longest position, in characters")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of the real endpoint's run to this file")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if cfg.floor <= 0 {
		cfg.floor = max(2*time.Second, cfg.duration/4)
	}
	if cfg.conns < 1 || cfg.duration <= 0 || cfg.minLen < 1 || cfg.maxLen < cfg.minLen || cfg.maxLen > solver.MaxPositionLen {
		return usagef("need -conns ≥ 1, -duration > 0 and 1 ≤ -min ≤ -max ≤ %d", solver.MaxPositionLen)
	}
	log := quietLogger(stderr)
	if _, err := setMemoryLimit(log); err != nil {
		return err
	}
	rep, err := loadtest(ctx, cfg, log)
	if err != nil {
		return err
	}
	rep.write(stdout, cfg)
	if problems := rep.problems(); len(problems) > 0 {
		return fmt.Errorf("the load test found problems:\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// report is what a load test measured.
type report struct {
	floor, real     clientResult
	deliveryLatency []time.Duration
	peakRSS         int64 // bytes
	cpuAfter        time.Duration
	cpuAfterWindow  time.Duration
	drain           time.Duration // from the end of the load to the last delivery
	shutdown        time.Duration
}

// loadtest runs the floor, then the real endpoint, and measures.
func loadtest(ctx context.Context, cfg loadConfig, log *slog.Logger) (*report, error) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		return nil, err
	}
	api := &fakeAPI{sent: map[string]time.Time{}}
	apiLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	apiSrv := &http.Server{Handler: api}
	go apiSrv.Serve(apiLn)
	defer apiSrv.Close()
	apiURL := "http://" + apiLn.Addr().String() + "/api/v10"

	// Both endpoints run side by side: the floor is the same transport with
	// a handler that does nothing; the real one is wired as `nimtutor http`
	// wires it. The client drives them in turns of about a second, so that
	// both see the same background load on a shared machine.
	floorCtx, stopFloor := context.WithCancel(ctx)
	defer stopFloor()
	floorURL, _, err := serveOn(floorCtx, pub, bot.Handler(nothing{}), log, apiURL)
	if err != nil {
		return nil, err
	}
	realCtx, stopReal := context.WithCancel(ctx)
	defer stopReal()
	handler, closeStore := newHandlerWith(realCtx, log, commands.Config{}, bot.RateLimitConfig{})
	defer closeStore()
	realURL, realDone, err := serveOn(realCtx, pub, handler, log, apiURL)
	if err != nil {
		return nil, err
	}
	runtime.GC()
	resetPeakRSS()
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, err
		}
	}
	loadIDs.Store(1200000000000000000)
	turns := max(1, int(cfg.duration/time.Second))
	rep := &report{}
	for turn := range turns {
		rep.floor.add(runClients(ctx, cfg, floorURL, priv, cfg.floor/time.Duration(turns), nil, uint64(turn)))
		rep.real.add(runClients(ctx, cfg, realURL, priv, cfg.duration/time.Duration(turns), api, uint64(turn)))
	}
	pprof.StopCPUProfile() // if one was started
	stopFloor()
	loadEnd, cpuStart := time.Now(), cpuTime()

	// Deferred answers still on their way arrive, or not, within a few
	// seconds; then the process should be idle for the rest of 3 seconds.
	for got, _ := api.results(); len(got) < rep.real.deferrals && time.Since(loadEnd) < 10*time.Second; got, _ = api.results() {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(time.Until(loadEnd.Add(3 * time.Second)))
	rep.cpuAfter, rep.cpuAfterWindow = cpuTime()-cpuStart, time.Since(loadEnd)
	var last time.Time
	rep.deliveryLatency, last = api.results()
	rep.drain = max(0, last.Sub(loadEnd))
	rep.peakRSS = peakRSS()

	start := time.Now()
	stopReal()
	<-realDone
	rep.shutdown = time.Since(start)
	return rep, nil
}

// nothing is the floor's handler: a small private message.
type nothing struct{}

func (nothing) Handle(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "ok", Flags: discordgo.MessageFlagsEphemeral}}
}

func (nothing) Private(*discordgo.Interaction) bool { return true }

// serveOn serves handler on a fresh loopback port with the HTTP transport
// until ctx ends; done is closed once the transport has shut down.
func serveOn(ctx context.Context, pub ed25519.PublicKey, handler bot.Handler, log *slog.Logger, apiURL string) (string, <-chan struct{}, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := bot.ServeHTTP(ctx, ln, pub, handler, log, bot.WithSender(bot.NewREST(apiURL, nil, log))); err != nil {
			log.Error("serving", "err", err)
		}
	}()
	return "http://" + ln.Addr().String() + bot.InteractionsPath, done, nil
}

// fakeAPI is Discord's REST API on loopback: it accepts the deferred
// answers and notes when each arrived.
type fakeAPI struct {
	mu       sync.Mutex
	sent     map[string]time.Time // token → when its interaction was sent
	got      []time.Duration
	lastSeen time.Time
}

func (a *fakeAPI) expect(token string, at time.Time) {
	a.mu.Lock()
	a.sent[token] = at
	a.mu.Unlock()
}

func (a *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	if r.Method == http.MethodDelete {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	// /api/v10/webhooks/APP/TOKEN[/messages/@original]
	if parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v10/webhooks/"), "/"); len(parts) >= 2 {
		now := time.Now()
		a.mu.Lock()
		if at, ok := a.sent[parts[1]]; ok {
			a.got = append(a.got, now.Sub(at))
			delete(a.sent, parts[1])
		}
		a.lastSeen = now
		a.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, `{"id":"1100000000000000001"}`)
}

// results returns how long each delivered answer took after its
// interaction was sent, and when the API was last written to.
func (a *fakeAPI) results() ([]time.Duration, time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.got), a.lastSeen
}

// clientResult is what the client goroutines measured together.
type clientResult struct {
	requests     int
	wall         time.Duration
	cpu          time.Duration // process CPU, client included
	samples      []sample
	statusErrors int
	generic      int
	desyncs      int
	deferrals    int
}

// runClients drives url with cfg.conns goroutines for d. With api (the
// real endpoint), a scenario goes on through the reply's controls (hint
// clicks, moves); without, each scenario is its first request only (the
// floor has no controls to click).
func runClients(ctx context.Context, cfg loadConfig, url string, priv ed25519.PrivateKey, d time.Duration, api *fakeAPI, turn uint64) clientResult {
	tr := &http.Transport{MaxIdleConnsPerHost: cfg.conns, MaxConnsPerHost: cfg.conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	start, cpuStart := time.Now(), cpuTime()
	deadline := start.Add(d)
	results := make([]clientResult, cfg.conns)
	var wg sync.WaitGroup
	for w := range cfg.conns {
		wg.Go(func() {
			c := &loadClient{
				rng: rand.New(rand.NewPCG(cfg.seed, turn<<16|uint64(w))), hc: hc, url: url, priv: priv, api: api,
				cfg: cfg, res: &results[w], steps: api != nil,
			}
			for time.Now().Before(deadline) && ctx.Err() == nil {
				c.scenario()
			}
		})
	}
	wg.Wait()
	var total clientResult
	for _, r := range results {
		total.add(r)
	}
	total.wall, total.cpu = time.Since(start), cpuTime()-cpuStart
	return total
}

// loadIDs numbers the interactions of a load test, across turns.
var loadIDs atomic.Int64

// rate is how many requests were answered per second.
func (r *clientResult) rate() float64 {
	return float64(r.requests) / r.wall.Seconds()
}

// add merges another connection's or turn's result into r.
func (r *clientResult) add(o clientResult) {
	r.requests += o.requests
	r.wall += o.wall
	r.cpu += o.cpu
	r.statusErrors += o.statusErrors
	r.generic += o.generic
	r.desyncs += o.desyncs
	r.deferrals += o.deferrals
	r.samples = append(r.samples, o.samples...)
}

// loadClient is one connection's worth of simulated students.
type loadClient struct {
	rng   *rand.Rand
	hc    *http.Client
	url   string
	priv  ed25519.PrivateKey
	api   *fakeAPI
	cfg   loadConfig
	res   *clientResult
	steps bool
	user  string
	// files are the attachments of the message the next click is on, as
	// Discord lists them in the interaction.
	files []string
}

// loadReply is a decoded answer.
type loadReply struct {
	typ     float64
	content string
	form    string   // custom_id of a form (type 9)
	menu    string   // custom_id of the first select menu
	options []string // its values
	buttons []string // custom_ids of the buttons, in order
	files   []string // file names of the message's attachments
}

// scenario runs one student's session, chosen by the mix: solve
// 30%, hint and up to 3 Next-hint clicks 25%, play and up to 3 moves 30%,
// verify 15%.
func (c *loadClient) scenario() {
	c.user = strconv.Itoa(100000000 + c.rng.IntN(900000000))
	g := solver.Games()[c.rng.IntN(len(solver.Games()))]
	text, first := g.RandomText(c.rng, logUniform(c.rng, c.cfg.minLen, c.cfg.maxLen))
	opts := []string{stringOption("position", text)}
	if first != "" {
		opts = append(opts, stringOption("first", first))
	}
	switch p := c.rng.IntN(100); {
	case p < 30:
		c.command(kSolve, g.Name(), "solve", opts)
	case p < 55:
		r, ok := c.command(kHint, g.Name(), "hint", opts)
		for range c.rng.IntN(4) {
			if !ok || !c.steps || len(r.buttons) == 0 {
				break
			}
			r, ok = c.click(kHintNext, r.buttons[0], nil)
		}
	case p < 85:
		c.play(g, text, first, opts)
	default:
		c.command(kVerify, g.Name(), "verify", opts)
	}
}

// play starts a game and makes up to three moves, each from the menu or
// through the Type a move form. The client keeps its own copy of the
// position, playing the bot's replies as the bot does, so that a typed
// move is legal even when the position has too many moves for a menu.
func (c *loadClient) play(g solver.Game, text, first string, opts []string) {
	botFirst := c.rng.IntN(5) == 0
	if botFirst {
		opts = append(opts, `{"name":"bot_first","type":5,"value":true}`)
	}
	r, ok := c.command(kPlay, g.Name(), "play", opts)
	if !ok || !c.steps {
		return
	}
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		return
	}
	side := pos.ToMove()
	if botFirst {
		side = side.Other()
		pos = botReply(pos, side)
	}
	for range c.rng.IntN(4) {
		if r.typ != 4 && r.typ != 7 || len(r.buttons) == 0 || pos == nil || !solver.HasMoves(pos) {
			return
		}
		var m solver.Move
		if len(r.options) > 0 && c.rng.IntN(2) == 0 {
			v := r.options[c.rng.IntN(len(r.options))]
			m, _ = parseMove(pos, "move", v)
			r, ok = c.click(kMenu, r.menu, []string{v})
		} else {
			moves := solver.FirstMoves(pos, 40)
			m = moves[c.rng.IntN(len(moves))]
			a, b := m.Numbers()
			modal, mok := c.click(kForm, r.buttons[len(r.buttons)-1], nil)
			if !mok || modal.typ != 9 {
				return
			}
			r, ok = c.submit(kTyped, modal.form, fmt.Sprintf("%d %d", a, b))
		}
		if !ok {
			return
		}
		if r.typ == 4 && strings.Contains(r.content, "move:") {
			c.res.desyncs++ // the endpoint refused a move the client thought legal
			return
		}
		next, err := pos.Play(m)
		if err != nil {
			return
		}
		pos = botReply(next, side)
	}
}

// botReply plays the bot's move as the play command does: the solver's
// move in the position's own numbering, or the first legal move when every
// move loses.
func botReply(pos solver.Position, side solver.Player) solver.Position {
	if pos.ToMove() == side || !solver.HasMoves(pos) {
		return pos
	}
	m := explain.LocalMove(solver.Solve(pos))
	if m == nil {
		m = solver.FirstMoves(pos, 1)[0]
	}
	next, err := pos.Play(m)
	if err != nil {
		return nil
	}
	return next
}

func stringOption(name, value string) string {
	v, _ := json.Marshal(value)
	return fmt.Sprintf(`{"name":%q,"type":3,"value":%s}`, name, v)
}

// command sends /game sub with the given options.
func (c *loadClient) command(kind, game, sub string, opts []string) (loadReply, bool) {
	data := fmt.Sprintf(`{"id":"1100000000000000007","name":%q,"type":1,"options":[{"name":%q,"type":1,"options":[%s]}]}`, game, sub, strings.Join(opts, ","))
	return c.send(kind, 2, data, false)
}

// click clicks a button, or picks values from a menu.
func (c *loadClient) click(kind, customID string, values []string) (loadReply, bool) {
	id, _ := json.Marshal(customID)
	data := fmt.Sprintf(`{"custom_id":%s,"component_type":2}`, id)
	if values != nil {
		v, _ := json.Marshal(values)
		data = fmt.Sprintf(`{"custom_id":%s,"component_type":3,"values":%s}`, id, v)
	}
	return c.send(kind, 3, data, true)
}

// submit sends the Type a move form back as Discord does: the text input
// inside a Label.
func (c *loadClient) submit(kind, customID, text string) (loadReply, bool) {
	id, _ := json.Marshal(customID)
	v, _ := json.Marshal(text)
	data := fmt.Sprintf(`{"custom_id":%s,"components":[{"type":18,"id":1,"component":{"type":4,"id":2,"custom_id":"move","value":%s}}]}`, id, v)
	return c.send(kind, 5, data, true)
}

// send signs and posts one interaction and records how it went.
func (c *loadClient) send(kind string, typ int, data string, onMessage bool) (loadReply, bool) {
	id := loadIDs.Add(1)
	token := "tok" + strconv.FormatInt(id, 10)
	msg := ""
	if onMessage {
		var atts []string
		for k, f := range c.files {
			name, _ := json.Marshal(f)
			atts = append(atts, fmt.Sprintf(`{"id":"%d","filename":%s,"size":1000,"url":"https://cdn.discordapp.com/x","proxy_url":"https://media.discordapp.net/x"}`, 1600000000000000000+k, name))
		}
		msg = `"message":{"id":"1500000000000000001","flags":0,"attachments":[` + strings.Join(atts, ",") + `]},`
	}
	body := fmt.Appendf(nil, `{"id":"%d","application_id":"1000000000000000001","type":%d,"token":%q,"version":1,"locale":"en-US",`+
		`"channel_id":"1400000000000000001","guild_id":"1300000000000000001","app_permissions":"562949953601536",`+
		`"member":{"user":{"id":%q,"username":"student"}},%s"data":%s}`, id, typ, token, c.user, msg, data)
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	sig := ed25519.Sign(c.priv, append([]byte(stamp), body...))
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", stamp)
	start := time.Now()
	if c.api != nil {
		c.api.expect(token, start)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.res.statusErrors++
		return loadReply{}, false
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	c.res.requests++
	if err != nil || resp.StatusCode != http.StatusOK {
		c.res.statusErrors++
		return loadReply{}, false
	}
	r, err := decodeReply(resp.Header.Get("Content-Type"), raw)
	if err != nil {
		c.res.statusErrors++
		return loadReply{}, false
	}
	s := sample{kind: kind, took: took, deferred: r.typ == 5 || r.typ == 6}
	switch {
	case strings.Contains(r.content, genericMessage):
		c.res.generic++
		s.note = "error"
	case strings.Contains(r.content, "busy"):
		s.note = "busy"
	case strings.HasPrefix(r.content, "⚠️"):
		s.note = "error"
	}
	if s.deferred {
		c.res.deferrals++
	}
	c.res.samples = append(c.res.samples, s)
	if r.typ == 4 || r.typ == 7 {
		c.files = r.files // the message the next click is on
	}
	return r, true
}

// genericMessage is the start of the apology kept for bugs.
const genericMessage = "Something went wrong"

// decodeReply reads an interaction response, JSON or multipart.
func decodeReply(contentType string, raw []byte) (loadReply, error) {
	if mt, params, err := mime.ParseMediaType(contentType); err == nil && mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
		p, err := mr.NextPart()
		if err != nil {
			return loadReply{}, err
		}
		if raw, err = io.ReadAll(p); err != nil {
			return loadReply{}, err
		}
	}
	var v struct {
		Type float64 `json:"type"`
		Data struct {
			Content    string `json:"content"`
			CustomID   string `json:"custom_id"`
			Components []struct {
				Components []struct {
					Type     int    `json:"type"`
					CustomID string `json:"custom_id"`
					Options  []struct {
						Value string `json:"value"`
					} `json:"options"`
				} `json:"components"`
			} `json:"components"`
			Attachments []struct {
				Filename string `json:"filename"`
			} `json:"attachments"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return loadReply{}, err
	}
	r := loadReply{typ: v.Type, content: v.Data.Content, form: v.Data.CustomID}
	for _, a := range v.Data.Attachments {
		r.files = append(r.files, a.Filename)
	}
	for _, row := range v.Data.Components {
		for _, comp := range row.Components {
			switch comp.Type {
			case 2:
				r.buttons = append(r.buttons, comp.CustomID)
			case 3:
				if r.options == nil {
					r.menu = comp.CustomID
					for _, o := range comp.Options {
						r.options = append(r.options, o.Value)
					}
				}
			}
		}
	}
	return r, nil
}

// logUniform returns a length between lo and hi, log-uniformly: as many
// positions of 5 to 50 characters as of 50 to 500.
func logUniform(rng *rand.Rand, lo, hi int) int {
	return int(math.Round(math.Exp(math.Log(float64(lo)) + rng.Float64()*(math.Log(float64(hi))-math.Log(float64(lo))))))
}

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakRSS returns the process's peak resident set size, from
// /proc/self/status (0 where that is not available).
func peakRSS() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscan(rest, &kb)
			return kb << 10
		}
	}
	return 0
}

// resetPeakRSS starts a new peak RSS measurement where Linux allows it.
func resetPeakRSS() {
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// percentile returns the p-th percentile of ds (sorted in place).
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	k := int(p*float64(len(ds))+0.5) - 1
	return ds[max(0, min(len(ds)-1, k))]
}

// ms formats a duration in milliseconds.
func ms(d time.Duration) string {
	return strconv.FormatFloat(ms64(d), 'f', 1, 64)
}

// ms64 is a duration in milliseconds, to the microsecond.
func ms64(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// ratio returns a/b, or 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// write prints the report as Markdown tables.
func (r *report) write(w io.Writer, cfg loadConfig) {
	fmt.Fprintf(w, "nimtutor loadtest: %d connections, positions of %d to %d characters (log-uniform) over the five games, seed %d, GOMAXPROCS %d\n\n",
		cfg.conns, cfg.minLen, cfg.maxLen, cfg.seed, runtime.GOMAXPROCS(0))
	fmt.Fprintln(w, "| endpoint | requests | seconds | requests/s | CPU ms per request |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: |")
	var floorCPU, realCPU float64 // ms per request, when both endpoints answered
	if r.floor.requests > 0 && r.real.requests > 0 {
		floorCPU, realCPU = ms64(r.floor.cpu/time.Duration(r.floor.requests)), ms64(r.real.cpu/time.Duration(r.real.requests))
	}
	fmt.Fprintf(w, "| do-nothing floor (signature, JSON, small answer) | %d | %.1f | %.0f | %.2f |\n", r.floor.requests, r.floor.wall.Seconds(), r.floor.rate(), floorCPU)
	fmt.Fprintf(w, "| nimtutor, the mix | %d | %.1f | %.0f | %.2f |\n", r.real.requests, r.real.wall.Seconds(), r.real.rate(), realCPU)
	fmt.Fprintf(w, "| ratio | | | %.3f | %.3f |\n\n", ratio(r.real.rate(), r.floor.rate()), ratio(floorCPU, realCPU))

	fmt.Fprintln(w, "| kind | requests | inline p50 ms | inline p99 ms | deferred | busy | errors |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	var allInline, floorTook []time.Duration
	for _, k := range kindOrder {
		var inline []time.Duration
		n, notes := 0, map[string]int{}
		for _, s := range r.real.samples {
			if s.kind == k {
				n++
				notes[s.note]++
				if !s.deferred {
					inline = append(inline, s.took)
				}
			}
		}
		allInline = append(allInline, inline...)
		fmt.Fprintf(w, "| %s | %d | %s | %s | %d | %d | %d |\n", k, n, ms(percentile(inline, 0.50)), ms(percentile(inline, 0.99)), n-len(inline), notes["busy"], notes["error"])
	}
	fmt.Fprintf(w, "| all replies not deferred | %d | %s | %s | | | |\n", len(allInline), ms(percentile(allInline, 0.50)), ms(percentile(allInline, 0.99)))
	for _, s := range r.floor.samples {
		floorTook = append(floorTook, s.took)
	}
	fmt.Fprintf(w, "| (do-nothing floor, same client) | %d | %s | %s | | | |\n\n", len(floorTook), ms(percentile(floorTook, 0.50)), ms(percentile(floorTook, 0.99)))

	fmt.Fprintln(w, "| measure | value |")
	fmt.Fprintln(w, "| --- | ---: |")
	fmt.Fprintf(w, "| deferred answers delivered | %d of %d |\n", len(r.deliveryLatency), r.real.deferrals)
	fmt.Fprintf(w, "| deferral to delivery, p50 / p99 | %s / %s ms |\n", ms(percentile(r.deliveryLatency, 0.5)), ms(percentile(r.deliveryLatency, 0.99)))
	fmt.Fprintf(w, "| last delivery after the load stopped | %s ms |\n", ms(r.drain))
	fmt.Fprintf(w, "| RSS peak during the mix (client and servers, one process) | %d MB |\n", r.peakRSS>>20)
	fmt.Fprintf(w, "| CPU used in the %.0f s after the load stopped | %s ms |\n", r.cpuAfterWindow.Seconds(), ms(r.cpuAfter))
	fmt.Fprintf(w, "| shutdown (cancel to return) | %s ms |\n", ms(r.shutdown))
	fmt.Fprintf(w, "| transport errors, generic apologies, desynced moves | %d, %d, %d |\n", r.floor.statusErrors+r.real.statusErrors, r.floor.generic+r.real.generic, r.real.desyncs)
}

// problems lists what must not happen whatever the machine's speed: the
// smoke test in .ci/run fails on them. Desynced moves are only reported:
// they mean the client's copy of the bot's play (botReply) no longer
// matches the bot, a fault of the load generator, not of the server.
func (r *report) problems() []string {
	var out []string
	if n := r.floor.statusErrors + r.real.statusErrors; n > 0 {
		out = append(out, fmt.Sprintf("%d requests failed or got a status other than 200", n))
	}
	if n := r.floor.generic + r.real.generic; n > 0 {
		out = append(out, fmt.Sprintf("%d replies were the generic apology kept for bugs", n))
	}
	if n := len(r.deliveryLatency); n < r.real.deferrals {
		out = append(out, fmt.Sprintf("only %d of %d deferred answers were delivered", n, r.real.deferrals))
	}
	if r.shutdown > bot.ShutdownTimeout+500*time.Millisecond {
		out = append(out, fmt.Sprintf("shutdown took %v", r.shutdown))
	}
	if r.real.requests == 0 || r.floor.requests == 0 {
		out = append(out, "no requests were answered")
	}
	return out
}
