package bot

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// Console is the local transport: it reads slash-command lines such as
// "/adapwns solve position:..P.P", builds the same interaction Discord
// would send, runs it through the same Handler and prints the reply as
// text. Buttons and menus of the last reply are numbered; "click N" and
// "pick N OPTION" press them, and "answer TEXT" fills in a form.
type Console struct {
	Handler  Handler
	Commands []*discordgo.ApplicationCommand
	// PictureDir is where attached pictures are written; "" means a
	// directory under os.TempDir.
	PictureDir string
	// Prompt is printed before each line is read (for a terminal).
	Prompt string

	// NoControls leaves the controls out of what is printed, for a
	// command line that prints one reply and exits: it shows nothing that
	// cannot be pressed, nor the Discord-only note that a reply is seen
	// by its asker alone.
	NoControls bool

	// Wait, when set, moves the clock of the Handler's timed work (a
	// study session's puzzles) on by d: "wait SECONDS" calls it, then
	// runs the Handler's due work (Ticker) and prints what it posts to
	// the channel. Without it, "wait" says time cannot be moved.
	Wait func(d time.Duration)

	seq  int
	last *discordgo.Message // the message the controls belong to
	// earlier are the messages with controls that a newer one replaced as
	// last, latest first; "back" returns to them, so that every button a
	// reply showed can still be pressed.
	earlier []*discordgo.Message
	// modalID and modalField are the custom_ids of the open form and of
	// its first text field.
	modalID, modalField string

	// actor is who sends the line being run ("as NAME …"); nil is the
	// person at the console. people are the names used so far, by name,
	// each with a user id of its own.
	actor  *discordgo.User
	people map[string]*discordgo.User
}

// ConsoleUserID is the user id of the person at the console: the one
// local learner whose practice and games the store keeps.
const ConsoleUserID = "100000000000000001"

// consoleUser is the person at the console, as interactions name them.
var consoleUser = &discordgo.User{ID: ConsoleUserID, Username: "you", GlobalName: "You"}

// consoleBot is the bot itself as a member a console line can name
// (user:@nimtutor): a user whose Bot flag is set, as Discord resolves it.
var consoleBot = &discordgo.User{ID: "100000000000000000", Username: "nimtutor", Bot: true}

// person returns the member a console line names: "you" (or "me") is
// the person at the console, "nimtutor" the bot, and any other name a
// member of its own, with an id the console gives it on first use. A
// leading @ is dropped; a snowflake is taken as it is.
func (c *Console) person(name string) (*discordgo.User, error) {
	name = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(name), "@"))
	switch {
	case name == "you" || name == "me" || name == ConsoleUserID:
		return consoleUser, nil
	case name == consoleBot.Username || name == consoleBot.ID:
		return consoleBot, nil
	case name == "" || strings.ContainsAny(name, " :<>"):
		return nil, fmt.Errorf("%q is not a member's name; use a word such as @alice", name)
	}
	if u, ok := c.people[name]; ok {
		return u, nil
	}
	if c.people == nil {
		c.people = map[string]*discordgo.User{}
	}
	u := &discordgo.User{ID: fmt.Sprintf("%d", 100000000000000002+len(c.people)), Username: name, GlobalName: name}
	if _, err := strconv.ParseUint(name, 10, 64); err == nil && len(name) >= 17 {
		u.ID = name
	}
	c.people[name] = u
	return u, nil
}

// mentionNames writes the members a text mentions (<@ID>) by their
// console names (@alice), as Discord's client shows them.
func (c *Console) mentionNames(text string) string {
	text = strings.ReplaceAll(text, "<@"+ConsoleUserID+">", "@you")
	text = strings.ReplaceAll(text, "<@"+consoleBot.ID+">", "@nimtutor")
	for name, u := range c.people {
		text = strings.ReplaceAll(text, "<@"+u.ID+">", "@"+name)
	}
	return text
}

// Run reads lines from in until it ends or ctx is done, and writes replies to out.
func (c *Console) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for {
		if c.Prompt != "" {
			fmt.Fprint(out, c.Prompt)
		}
		if !sc.Scan() {
			return sc.Err()
		}
		if ctx.Err() != nil {
			return nil
		}
		switch line := strings.TrimSpace(sc.Text()); {
		case line == "quit" || line == "exit":
			return nil
		case line != "" && !strings.HasPrefix(line, "#"):
			c.Do(ctx, line, out)
		}
	}
}

// Do runs one console line and prints the reply. "answer TEXT" with no
// form open first presses the last reply's "Type …" button, which opens one.
//
// "as NAME LINE" runs LINE as the member NAME (click, pick, answer or a
// command), so that one console can play both sides of a duel.
func (c *Console) Do(ctx context.Context, line string, out io.Writer) {
	if rest, ok := strings.CutPrefix(line, "as "); ok {
		name, cmdline, _ := strings.Cut(strings.TrimSpace(rest), " ")
		u, err := c.person(name)
		if err != nil {
			fmt.Fprintf(out, "as: %v\n", err)
			return
		}
		if strings.TrimSpace(cmdline) == "" {
			fmt.Fprintln(out, "as NAME needs a line to run, for example: as alice click 1")
			return
		}
		c.actor = u
		defer func() { c.actor = nil }()
		line = strings.TrimSpace(cmdline)
	}
	c.run(ctx, line, out)
}

// run runs one console line, without "as", as c.actor.
func (c *Console) run(ctx context.Context, line string, out io.Writer) {
	if line == "back" {
		c.Back(out)
		return
	}
	if word, rest, _ := strings.Cut(line, " "); word == "wait" {
		c.wait(ctx, rest, out)
		return
	}
	if word, _, _ := strings.Cut(line, " "); word == "answer" && c.modalID == "" {
		// Open the form, if there is a button for it; a click refused
		// (not this member's turn) says why instead.
		var opened bytes.Buffer
		if c.Click(ctx, "Type", &opened) && c.modalID == "" {
			out.Write(opened.Bytes())
			return
		}
	}
	i, err := c.interaction(line)
	if err != nil {
		fmt.Fprintf(out, "%v\n", err)
		return
	}
	if i == nil {
		c.help(out)
		return
	}
	resp := c.Handler.Handle(ctx, i)
	c.show(resp, i, out)
}

func (c *Console) help(out io.Writer) {
	fmt.Fprintln(out, "Type a slash command, for example:")
	fmt.Fprintln(out, "  /adapwns solve position:..P.P")
	fmt.Fprintln(out, "  /binim2 hint position:010 101 first:Dee")
	fmt.Fprintln(out, "Commands:")
	for _, cmd := range c.Commands {
		var subs []string
		suffix := ":…" // options are written name:value, subcommands by name
		if hasSubcommands(cmd) {
			suffix = ""
		}
		for _, o := range cmd.Options {
			subs = append(subs, o.Name+suffix)
		}
		fmt.Fprintf(out, "  /%-10s %s — %s\n", cmd.Name, strings.Join(subs, " "), cmd.Description)
	}
	fmt.Fprintln(out, "Then: click N (press button N), pick N K (choose option K of menu N), answer TEXT (fill in a form),")
	fmt.Fprintln(out, "back (the controls of the reply before, still usable), quit.")
	fmt.Fprintln(out, "as NAME LINE runs LINE as another member (as alice click 1), to play both sides of a /duel user:@alice.")
	fmt.Fprintln(out, "wait SECONDS lets time pass in a /session, which runs in the console's server channel.")
}

// interaction turns a console line into the interaction Discord would
// send. It returns nil, nil for "help".
func (c *Console) interaction(line string) (*discordgo.Interaction, error) {
	c.seq++
	i := &discordgo.Interaction{
		ID:        strconv.Itoa(c.seq),
		AppID:     "console",
		Token:     "console",
		ChannelID: "console",
		User:      cmp.Or(c.actor, consoleUser),
		Version:   1,
	}
	word, rest, _ := strings.Cut(line, " ")
	var err error
	switch {
	case word == "help" || word == "/help" && c.command("help") == nil:
		return nil, nil
	case strings.HasPrefix(word, "/"):
		i.Type = discordgo.InteractionApplicationCommand
		i.Data, err = c.commandData(strings.TrimPrefix(word, "/"), rest)
	case word == "click" || word == "pick":
		i.Type, i.Message = discordgo.InteractionMessageComponent, c.last
		i.Data, err = c.componentData(word, rest)
	case word == "answer":
		if c.modalID == "" {
			return nil, fmt.Errorf("no form is open and the last reply has no \"Type …\" button; answer fills in a form")
		}
		// Sent back as Discord sends a form built with a Label.
		i.Type, i.Message = discordgo.InteractionModalSubmit, c.last
		i.Data = discordgo.ModalSubmitInteractionData{CustomID: c.modalID, Components: []discordgo.MessageComponent{
			&discordx.Label{Component: &discordgo.TextInput{CustomID: c.modalField, Value: strings.TrimSpace(rest)}},
		}}
	default:
		return nil, fmt.Errorf("%q is not a console command; type help", word)
	}
	if err == nil && inServer(i) {
		c.toServer(i)
	}
	return i, err
}

// The server channel the console stands for when a line needs one: a
// study session (/session and its controls) runs in a server, while
// everything else is a direct message with the bot, as before.
const (
	consoleGuild   = "100000000000000010"
	consoleChannel = "100000000000000011"
)

// inServer reports whether i is /session or a click on (or form of) a
// study session's message, which the console sends from its server.
func inServer(i *discordgo.Interaction) bool {
	switch data := i.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		return data.Name == "session"
	case discordgo.MessageComponentInteractionData:
		return strings.HasPrefix(data.CustomID, "sess:")
	case discordgo.ModalSubmitInteractionData:
		return strings.HasPrefix(data.CustomID, "sess:")
	}
	return false
}

// toServer sends i from the console's server channel, by its member:
// the person at the console manages the server (they can stop any
// session), the other members named with "as" do not, and the bot can
// post in the channel.
func (c *Console) toServer(i *discordgo.Interaction) {
	u := cmp.Or(c.actor, consoleUser)
	var perms int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	if u == consoleUser {
		perms |= discordgo.PermissionManageGuild
	}
	i.GuildID, i.ChannelID = consoleGuild, consoleChannel
	i.Member, i.User = &discordgo.Member{User: u, Permissions: perms}, nil
	i.AppPermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles
}

// wait moves the clock on by the seconds in arg, runs the Handler's due
// work and prints each message it posts, as the bot would post it in
// the channel.
func (c *Console) wait(ctx context.Context, arg string, out io.Writer) {
	secs, err := strconv.Atoi(strings.TrimSpace(arg))
	if err != nil || secs < 1 || secs > 24*3600 {
		fmt.Fprintln(out, "wait needs a number of seconds from 1 to 86400, for example: wait 60")
		return
	}
	t, ok := c.Handler.(Ticker)
	if c.Wait == nil || !ok {
		fmt.Fprintln(out, "this console cannot move its clock")
		return
	}
	c.Wait(time.Duration(secs) * time.Second)
	posts, err := t.Tick(ctx)
	if err != nil {
		fmt.Fprintf(out, "⚠️ %v\n", err)
	}
	for _, p := range posts {
		c.seq++
		fmt.Fprintln(out, "(the bot posts in the channel)")
		c.show(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: p.Data}, &discordgo.Interaction{ID: strconv.Itoa(c.seq)}, out)
	}
	if len(posts) == 0 {
		fmt.Fprintf(out, "(%d seconds pass)\n", secs)
	}
}

// commandData parses "GAME SUB name:value name:value". A value runs to the
// next "name:" of an option the subcommand has, so positions may hold spaces.
func (c *Console) commandData(name, rest string) (discordgo.ApplicationCommandInteractionData, error) {
	cmd := c.command(name)
	data := discordgo.ApplicationCommandInteractionData{Name: name, CommandType: discordgo.ChatApplicationCommand}
	if cmd == nil {
		return data, fmt.Errorf("/%s is not a command; type help", name)
	}
	data.ID = "console-" + name
	decl, what := cmd.Options, "/"+name
	var sub *discordgo.ApplicationCommandOption
	if hasSubcommands(cmd) {
		subName, args, _ := strings.Cut(strings.TrimSpace(rest), " ")
		var names []string
		for _, o := range cmd.Options {
			names = append(names, o.Name)
			if o.Name == subName {
				sub = o
			}
		}
		if sub == nil {
			return data, fmt.Errorf("/%s needs a subcommand: %s", name, strings.Join(names, ", "))
		}
		decl, what, rest = sub.Options, what+" "+subName, args
	}
	opts, err := parseOptions(decl, rest)
	if err != nil {
		return data, fmt.Errorf("%s: %w", what, err)
	}
	if err := c.foreignOption(decl, opts); err != nil {
		return data, fmt.Errorf("%s: %w", what, err)
	}
	data.Options = opts
	for _, o := range opts {
		if o.Type != discordgo.ApplicationCommandOptionUser {
			continue
		}
		u, err := c.person(o.Value.(string))
		if err != nil {
			return data, fmt.Errorf("%s: %w", o.Name, err)
		}
		o.Value = u.ID
		if data.Resolved == nil {
			data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{}
		}
		if data.Resolved.Users == nil {
			data.Resolved.Users = map[string]*discordgo.User{}
		}
		data.Resolved.Users[u.ID] = u
	}
	if sub != nil {
		data.Options = []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: sub.Name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts,
		}}
	}
	return data, attachFiles(&data, opts)
}

// command returns the command called name, or nil.
func (c *Console) command(name string) *discordgo.ApplicationCommand {
	if k := slices.IndexFunc(c.Commands, func(x *discordgo.ApplicationCommand) bool { return x.Name == name }); k >= 0 {
		return c.Commands[k]
	}
	return nil
}

// hasSubcommands reports whether cmd is used as /cmd SUB options.
func hasSubcommands(cmd *discordgo.ApplicationCommand) bool {
	return len(cmd.Options) > 0 && cmd.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand
}

// attachFiles turns the console's attachment options, which hold a local
// path, into the resolved attachments Discord sends: the option's value
// becomes the attachment's id and the path a file:// URL, which
// LocalFiles reads.
func attachFiles(data *discordgo.ApplicationCommandInteractionData, opts []*discordgo.ApplicationCommandInteractionDataOption) error {
	for k, o := range opts {
		if o.Type != discordgo.ApplicationCommandOptionAttachment {
			continue
		}
		path, err := filepath.Abs(o.Value.(string))
		if err != nil {
			return fmt.Errorf("%s: %w", o.Name, err)
		}
		st, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("%s: %w", o.Name, err)
		}
		id := strconv.Itoa(900 + k)
		if data.Resolved == nil {
			data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Attachments: map[string]*discordgo.MessageAttachment{}}
		}
		data.Resolved.Attachments[id] = &discordgo.MessageAttachment{
			ID: id, Filename: filepath.Base(path), URL: "file://" + path, Size: int(st.Size()),
		}
		o.Value = id
	}
	return nil
}

// foreignOption refuses a value that holds "name:…" for an option of
// another command, which this one does not have (/nim solve … first:Dee):
// the words would otherwise be read as part of the value, and the
// message would be about the value ("heap 4, character 1 is 'f'").
func (c *Console) foreignOption(decl []*discordgo.ApplicationCommandOption, opts []*discordgo.ApplicationCommandInteractionDataOption) error {
	known := map[string]bool{}
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(os []*discordgo.ApplicationCommandOption) {
		for _, o := range os {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				walk(o.Options)
			} else {
				known[o.Name] = true
			}
		}
	}
	for _, cmd := range c.Commands {
		walk(cmd.Options)
	}
	var names []string
	for _, o := range decl {
		names = append(names, o.Name+":")
		delete(known, o.Name)
	}
	for _, o := range opts {
		v, ok := o.Value.(string)
		if !ok {
			continue
		}
		for _, word := range strings.Fields(v) {
			if name, _, found := strings.Cut(word, ":"); found && known[name] {
				return fmt.Errorf("%s: this command has no option %s:; its options are %s", o.Name, name, strings.Join(names, " "))
			}
		}
	}
	return nil
}

// parseOptions reads "name:value …" for the options declared in decl,
// checking required options and choices as Discord's client would. An
// attachment's value is a local path.
func parseOptions(decl []*discordgo.ApplicationCommandOption, args string) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	type mark struct {
		at  int
		opt *discordgo.ApplicationCommandOption
	}
	var marks []mark
	for _, o := range decl {
		// The first "name:" at the start or after a space.
		if k := strings.Index(" "+args, " "+o.Name+":"); k >= 0 {
			marks = append(marks, mark{k, o})
		}
	}
	slices.SortFunc(marks, func(a, b mark) int { return a.at - b.at })
	marks = append(marks, mark{at: len(args)}) // where the last value ends
	if strings.TrimSpace(args[:marks[0].at]) != "" {
		if len(decl) == 0 {
			return nil, fmt.Errorf("this command takes no options")
		}
		return nil, fmt.Errorf("options are written name:value, for example %s:…", decl[0].Name)
	}
	var out []*discordgo.ApplicationCommandInteractionDataOption
	for k, m := range marks[:len(marks)-1] {
		value := strings.TrimSpace(args[m.at+len(m.opt.Name)+1 : marks[k+1].at])
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: m.opt.Name, Type: m.opt.Type}
		switch m.opt.Type {
		case discordgo.ApplicationCommandOptionBoolean:
			b, err := strconv.ParseBool(value)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not true or false", m.opt.Name, value)
			}
			o.Value = b
		case discordgo.ApplicationCommandOptionInteger:
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not a whole number", m.opt.Name, value)
			}
			o.Value = float64(n)
		default:
			if m.opt.MaxLength > 0 && len(value) > m.opt.MaxLength {
				return nil, fmt.Errorf("%s: %d characters, over the %d Discord allows", m.opt.Name, len(value), m.opt.MaxLength)
			}
			if len(m.opt.Choices) > 0 {
				k := slices.IndexFunc(m.opt.Choices, func(ch *discordgo.ApplicationCommandOptionChoice) bool {
					return strings.EqualFold(fmt.Sprint(ch.Value), value) || strings.EqualFold(ch.Name, value)
				})
				if k < 0 {
					return nil, fmt.Errorf("%s: %q is not one of the choices; type one of %s", m.opt.Name, value, choiceNames(m.opt.Choices))
				}
				value = fmt.Sprint(m.opt.Choices[k].Value)
			}
			o.Value = value
		}
		out = append(out, o)
	}
	for _, o := range decl {
		if o.Required && !slices.ContainsFunc(out, func(x *discordgo.ApplicationCommandInteractionDataOption) bool { return x.Name == o.Name }) {
			return nil, fmt.Errorf("the option %s: is required (%s)", o.Name, o.Description)
		}
	}
	return out, nil
}

// choiceNames lists the values a console line may give an option with
// choices, each with its name on Discord when that says more: "nim (Nim
// and XOR), misere (Misère Nim)".
func choiceNames(choices []*discordgo.ApplicationCommandOptionChoice) string {
	var names []string
	for _, ch := range choices {
		v := fmt.Sprint(ch.Value)
		if strings.EqualFold(v, ch.Name) {
			names = append(names, v)
		} else {
			names = append(names, v+" ("+ch.Name+")")
		}
	}
	return strings.Join(names, ", ")
}

// control is a button or a select menu of the last reply, in order.
type control struct {
	button *discordgo.Button
	menu   *discordgo.SelectMenu
}

func controlsOf(m *discordgo.Message) []control {
	var out []control
	if m == nil {
		return nil
	}
	for _, row := range m.Components {
		r, ok := discordx.As[discordgo.ActionsRow](row)
		if !ok {
			continue
		}
		for _, comp := range r.Components {
			if b, ok := discordx.As[discordgo.Button](comp); ok {
				out = append(out, control{button: b})
			} else if s, ok := discordx.As[discordgo.SelectMenu](comp); ok {
				out = append(out, control{menu: s})
			}
		}
	}
	return out
}

// componentData reads "click N" or "pick N K".
func (c *Console) componentData(word, rest string) (discordgo.MessageComponentInteractionData, error) {
	var data discordgo.MessageComponentInteractionData
	controls := controlsOf(c.last)
	f := strings.Fields(rest)
	if len(f) == 0 {
		return data, fmt.Errorf("%s needs the number of a control", word)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || n > len(controls) {
		return data, fmt.Errorf("there is no control %s; the last reply has %d", f[0], len(controls))
	}
	ctl := controls[n-1]
	switch {
	case word == "click" && ctl.button != nil:
		if ctl.button.Disabled {
			return data, fmt.Errorf("button %d is disabled", n)
		}
		data.CustomID, data.ComponentType = ctl.button.CustomID, discordgo.ButtonComponent
	case word == "pick" && ctl.menu != nil:
		if len(f) != 2 {
			return data, fmt.Errorf("pick needs the menu and the option, for example pick %d 1", n)
		}
		k, err := strconv.Atoi(f[1])
		if err != nil || k < 1 || k > len(ctl.menu.Options) {
			return data, fmt.Errorf("menu %d has options 1 to %d", n, len(ctl.menu.Options))
		}
		data.CustomID, data.ComponentType = ctl.menu.CustomID, discordgo.SelectMenuComponent
		data.Values = []string{ctl.menu.Options[k-1].Value}
	case ctl.button != nil:
		return data, fmt.Errorf("control %d is a button; use click %d", n, n)
	default:
		return data, fmt.Errorf("control %d is a menu; use pick %d K", n, n)
	}
	return data, nil
}

// showForm prints a form, whose text inputs are in Labels or in action
// rows, and remembers it and its first field for answer.
func (c *Console) showForm(d *discordgo.InteractionResponseData, out io.Writer) {
	c.modalID, c.modalField = d.CustomID, ""
	fmt.Fprintf(out, "[form] %s\n", d.Title)
	field := func(customID, label, hint string) {
		c.modalField = cmp.Or(c.modalField, customID)
		fmt.Fprintf(out, "  %s (%s)\n", label, hint)
	}
	for _, comp := range d.Components {
		if l, ok := comp.(discordx.Label); ok {
			if t, ok := l.Component.(discordx.TextInput); ok {
				field(t.CustomID, l.Label, cmp.Or(l.Description, t.Placeholder))
			}
		} else if r, ok := discordx.As[discordgo.ActionsRow](comp); ok {
			for _, comp := range r.Components {
				if t, ok := discordx.As[discordgo.TextInput](comp); ok {
					field(t.CustomID, t.Label, t.Placeholder)
				}
			}
		}
	}
	fmt.Fprintln(out, "Type: answer TEXT")
}

// maxEarlier is how many earlier messages with controls back reaches.
const maxEarlier = 20

// show prints a response and remembers its controls. A new message with
// controls becomes the one "click" and "pick" act on, and the one it
// replaces stays reachable with "back"; a message without controls (a
// verification, a note, a file) leaves them as they were. Every file a
// reply carries is written and named.
func (c *Console) show(resp *discordgo.InteractionResponse, i *discordgo.Interaction, out io.Writer) {
	if resp == nil {
		fmt.Fprintln(out, "(no reply)")
		return
	}
	d := cmp.Or(resp.Data, &discordgo.InteractionResponseData{})
	switch resp.Type {
	case discordgo.InteractionResponseModal:
		c.showForm(d, out)
		return
	case discordgo.InteractionResponseUpdateMessage:
		fmt.Fprintln(out, "(the message above is updated)")
	}
	private := d.Flags&discordgo.MessageFlagsEphemeral != 0
	newMessage := resp.Type != discordgo.InteractionResponseUpdateMessage
	msg := &discordgo.Message{ID: "m" + i.ID, Flags: d.Flags, Timestamp: time.Now(), Interaction: &discordgo.MessageInteraction{User: consoleUser},
		Embeds: d.Embeds, Components: d.Components, Content: d.Content}
	switch {
	case !newMessage && c.last != nil:
		c.last.Embeds, c.last.Components, c.last.Content = d.Embeds, d.Components, d.Content
		c.modalID = ""
	case len(controlsOf(msg)) > 0 || c.last == nil:
		if c.last != nil && len(controlsOf(c.last)) > 0 {
			c.earlier = append([]*discordgo.Message{c.last}, c.earlier[:min(len(c.earlier), maxEarlier-1)]...)
		}
		c.last, c.modalID = msg, ""
	}
	fmt.Fprint(out, c.mentionNames(renderText(d)))
	c.showFiles(d, out)
	if len(controlsOf(msg)) > 0 || !newMessage {
		c.showControls(out)
	}
	switch {
	case c.NoControls:
		// One reply printed to one person's terminal: no one else could
		// have seen it, so the note would only puzzle.
	case private && c.actor != nil:
		fmt.Fprintf(out, "(only @%s can see this)\n", c.actor.Username)
	case private:
		fmt.Fprintln(out, "(only you can see this)")
	}
	fmt.Fprintln(out)
}

// showFiles writes every file of d and says where.
func (c *Console) showFiles(d *discordgo.InteractionResponseData, out io.Writer) {
	for _, f := range d.Files {
		kind := "File"
		if strings.HasPrefix(f.ContentType, "image/") {
			kind = "Picture"
		}
		path, err := c.savePicture(f)
		if err != nil {
			fmt.Fprintf(out, "(could not save the %s %s: %v)\n", strings.ToLower(kind), f.Name, err)
			continue
		}
		fmt.Fprintf(out, "%s: %s\n", kind, path)
	}
}

// showControls lists the controls of the last message with controls.
func (c *Console) showControls(out io.Writer) {
	if c.NoControls {
		return
	}
	for n, ctl := range controlsOf(c.last) {
		switch {
		case ctl.button != nil && ctl.button.Disabled:
			fmt.Fprintf(out, "  [%d] %s (disabled)\n", n+1, ctl.button.Label)
		case ctl.button != nil:
			fmt.Fprintf(out, "  [%d] %s   → click %d\n", n+1, ctl.button.Label, n+1)
		default:
			fmt.Fprintf(out, "  [%d] %s   → pick %d K:\n", n+1, ctl.menu.Placeholder, n+1)
			for k, o := range ctl.menu.Options {
				fmt.Fprintf(out, "        %d. %s\n", k+1, o.Label)
			}
		}
	}
}

// Back makes the controls of the message before the last one with
// controls current again, and lists them.
func (c *Console) Back(out io.Writer) {
	if len(c.earlier) == 0 {
		fmt.Fprintln(out, "there is no earlier reply with controls")
		return
	}
	prev := c.earlier[0]
	c.earlier = c.earlier[1:]
	if c.last != nil && len(controlsOf(c.last)) > 0 {
		c.earlier = append(c.earlier, c.last)
	}
	c.last, c.modalID = prev, ""
	title := "the reply"
	if len(prev.Embeds) > 0 && prev.Embeds[0].Title != "" {
		title = plain(prev.Embeds[0].Title)
	}
	fmt.Fprintf(out, "(back to the controls of %s)\n", title)
	c.showControls(out)
	fmt.Fprintln(out)
}

// savePicture writes an attached file and returns its path.
func (c *Console) savePicture(f *discordgo.File) (string, error) {
	dir := cmp.Or(c.PictureDir, filepath.Join(os.TempDir(), "nimtutor-console"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	data, err := io.ReadAll(f.Reader)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, filepath.Base(f.Name))
	return path, os.WriteFile(path, data, 0o666)
}

// renderText prints a message's content and embeds as plain text.
func renderText(d *discordgo.InteractionResponseData) string {
	var b strings.Builder
	if d.Content != "" {
		b.WriteString(plain(d.Content) + "\n")
	}
	for _, e := range d.Embeds {
		if e.Title != "" {
			b.WriteString("== " + plain(e.Title) + " ==\n")
		}
		if e.Description != "" {
			b.WriteString(plain(e.Description) + "\n")
		}
		for _, f := range e.Fields {
			b.WriteString("\n" + plain(f.Name) + "\n")
			b.WriteString(indent(plain(f.Value)) + "\n")
		}
		if e.Image != nil && e.Image.URL != "" && !strings.HasPrefix(e.Image.URL, "attachment://") {
			b.WriteString("[image " + e.Image.URL + "]\n")
		}
		if e.Footer != nil && e.Footer.Text != "" {
			b.WriteString("\n-- " + plain(e.Footer.Text) + "\n")
		}
	}
	return b.String()
}

// plain drops what reads as noise in a terminal: bold markers, and the
// lines that only open or close a code block (the block's text is
// already monospaced there).
func plain(s string) string {
	if strings.Contains(s, "```") {
		lines := strings.Split(s, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") && !strings.Contains(t[3:], "`") {
				continue
			}
			kept = append(kept, l)
		}
		s = strings.Join(kept, "\n")
	}
	return strings.ReplaceAll(s, "**", "")
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

// Playing reports whether the last reply still has controls to use.
func (c *Console) Playing() bool { return len(controlsOf(c.last)) > 0 }

// Click presses the last reply's first button whose label starts with
// prefix, and reports whether there was one.
func (c *Console) Click(ctx context.Context, prefix string, out io.Writer) bool {
	for n, ctl := range controlsOf(c.last) {
		if ctl.button != nil && !ctl.button.Disabled && strings.HasPrefix(ctl.button.Label, prefix) {
			c.run(ctx, fmt.Sprintf("click %d", n+1), out)
			return true
		}
	}
	return false
}

// TypeMove presses the last reply's "Type a move" button and submits text
// in the form it opens.
func (c *Console) TypeMove(ctx context.Context, text string, out io.Writer) {
	if c.modalID == "" {
		c.Click(ctx, "Type", io.Discard)
	}
	if c.modalID == "" {
		fmt.Fprintln(out, "there is no move to type here")
		return
	}
	c.run(ctx, "answer "+text, out)
}
