// Package spectest checks the requests nimtutor sends to Discord against
// Discord's published OpenAPI document (github.com/discord/discord-api-spec,
// vendored in testdata/discord-api-spec with its license and the commit it
// came from). The test fakes of Discord call Check on every body they
// receive, so that a test cannot pass on a body Discord would refuse.
//
// Only tests import this package: the document is 1.2 MB and embedded.
package spectest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
)

//go:embed testdata/discord-api-spec/openapi.json
var document []byte

// Violation is a body or path that Discord's schema refuses.
type Violation struct {
	// Operation is the method and path template, such as "PATCH
	// /webhooks/{webhook_id}/{webhook_token}/messages/@original".
	Operation string
	// Where is the JSON pointer of the refused value in the body
	// (payload_json for a multipart body), or the path parameter's name.
	Where string
	// Rule is the schema keyword that failed (type, maxLength, pattern…).
	Rule string
	// Detail is the validator's own words.
	Detail string
}

// Error writes the violation on one line.
func (v *Violation) Error() string {
	return fmt.Sprintf("%s: %s violates %q: %s", v.Operation, cmpOr(v.Where, "/"), v.Rule, v.Detail)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// spec is the loaded document and the results of bodies checked before:
// the validator compiles the schema on every call (tens of milliseconds),
// and tests send the same body many times.
type spec struct {
	doc       *openapi3.T
	templates []string

	mu   sync.Mutex
	seen map[string]*result
}

// result is the outcome of one body's check; done is closed once err is
// set, so that callers with the same body wait for the first check.
type result struct {
	done chan struct{}
	err  error
}

var (
	loadOnce sync.Once
	loaded   *spec
	loadErr  error
)

func load() (*spec, error) {
	loadOnce.Do(func() {
		doc, err := openapi3.NewLoader().LoadFromData(document)
		if err != nil {
			loadErr = fmt.Errorf("loading Discord's OpenAPI document: %w", err)
			return
		}
		loaded = &spec{doc: doc, templates: doc.Paths.InMatchingOrder(), seen: map[string]*result{}}
	})
	return loaded, loadErr
}

// apiPrefix is the version prefix of Discord's REST paths.
var apiPrefix = regexp.MustCompile(`^/api(/v\d+)?`)

// Check returns nil if Discord's schema accepts a request: method and
// path (with or without the /api/v10 prefix, any query ignored), the
// Content-Type header and the body. A JSON body is checked as it is; a
// multipart/form-data body by its payload_json part, and its other parts
// must be files[n]. It returns a *Violation when the schema refuses the
// request, and another error when the request cannot be read at all or
// names an operation the document lacks.
func Check(method, path, contentType string, body []byte) error {
	s, err := load()
	if err != nil {
		return err
	}
	path, _, _ = strings.Cut(path, "?")
	path = apiPrefix.ReplaceAllString(path, "")
	tmpl, params := s.match(path)
	if tmpl == "" {
		return fmt.Errorf("%s %s: no such operation in Discord's OpenAPI document", method, path)
	}
	item := s.doc.Paths.Value(tmpl)
	op := item.GetOperation(strings.ToUpper(method))
	name := strings.ToUpper(method) + " " + tmpl
	if op == nil {
		return fmt.Errorf("%s: Discord's OpenAPI document has no such method", name)
	}
	if err := s.checkParams(name, append(slices.Clone(item.Parameters), op.Parameters...), params); err != nil {
		return err
	}

	payload, err := jsonPayload(contentType, body)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		if len(bytes.TrimSpace(payload)) > 0 {
			return &Violation{Operation: name, Rule: "requestBody", Detail: "the operation takes no body, but one was sent"}
		}
		return nil
	}
	media := op.RequestBody.Value.Content.Get("application/json")
	if media == nil || media.Schema == nil || media.Schema.Value == nil {
		return fmt.Errorf("%s: the document has no JSON schema for the body", name)
	}
	if len(bytes.TrimSpace(payload)) == 0 {
		if op.RequestBody.Value.Required {
			return &Violation{Operation: name, Rule: "required", Detail: "the body is required but empty"}
		}
		return nil
	}
	var value any
	if err := json.Unmarshal(payload, &value); err != nil {
		return fmt.Errorf("%s: the body is not JSON: %w", name, err)
	}
	key := name + "\x00" + string(payload)
	s.mu.Lock()
	r, ok := s.seen[key]
	if !ok {
		r = &result{done: make(chan struct{})}
		s.seen[key] = r
	}
	s.mu.Unlock()
	if ok {
		<-r.done
		return r.err
	}
	r.err = validate(name, media.Schema.Value, value)
	close(r.done)
	return r.err
}

// match returns the path template that path fits, preferring literal
// segments (@original) to parameters ({message_id}), and the values of
// its parameters by name.
func (s *spec) match(path string) (string, map[string]string) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	best, bestLiterals := "", -1
	var bestParams map[string]string
	for _, t := range s.templates {
		tsegs := strings.Split(strings.Trim(t, "/"), "/")
		if len(tsegs) != len(segs) {
			continue
		}
		literals, params, ok := 0, map[string]string{}, true
		for k, ts := range tsegs {
			switch {
			case strings.HasPrefix(ts, "{") && strings.HasSuffix(ts, "}"):
				params[ts[1:len(ts)-1]] = segs[k]
			case ts == segs[k]:
				literals++
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
		if ok && literals > bestLiterals {
			best, bestLiterals, bestParams = t, literals, params
		}
	}
	return best, bestParams
}

// checkParams validates the path parameters (snowflake ids) by their
// schemas.
func (s *spec) checkParams(name string, defs openapi3.Parameters, values map[string]string) error {
	for _, p := range defs {
		if p == nil || p.Value == nil || p.Value.In != openapi3.ParameterInPath || p.Value.Schema == nil || p.Value.Schema.Value == nil {
			continue
		}
		v, ok := values[p.Value.Name]
		if !ok {
			continue
		}
		if err := p.Value.Schema.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
			_, rule, detail := explain(err)
			return &Violation{Operation: name, Where: "path parameter " + p.Value.Name, Rule: rule, Detail: detail}
		}
	}
	return nil
}

// jsonPayload returns the JSON of a body: the body itself, or the
// payload_json part of multipart/form-data, whose other parts must be
// files[n] with a file name.
func jsonPayload(contentType string, body []byte) ([]byte, error) {
	mt, params, err := mime.ParseMediaType(contentType)
	if len(body) == 0 && contentType == "" {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("Content-Type %q: %w", contentType, err)
	}
	switch mt {
	case "application/json":
		return body, nil
	case "multipart/form-data":
	default:
		return nil, fmt.Errorf("Content-Type %q: Discord takes application/json or multipart/form-data", contentType)
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var payload []byte
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("multipart body: %w", err)
		}
		b, err := io.ReadAll(part)
		if err != nil {
			return nil, fmt.Errorf("multipart body: %w", err)
		}
		switch name := part.FormName(); {
		case name == "payload_json":
			payload = b
		case filePart.MatchString(name):
			if part.FileName() == "" {
				return nil, fmt.Errorf("multipart part %s has no file name", name)
			}
		default:
			return nil, fmt.Errorf("multipart part %q: Discord reads payload_json and files[n]", name)
		}
	}
	if payload == nil {
		return nil, errors.New("multipart body without a payload_json part")
	}
	return payload, nil
}

// filePart is the name of a file's part; Discord takes up to 10 files.
var filePart = regexp.MustCompile(`^files\[[0-9]\]$`)

// validate checks value against schema and turns a refusal into a
// Violation naming the deepest refused value. When the schema is a union
// (a callback is one of seven response types), the alternative the body
// was meant as is the one whose "type" discriminator it satisfies, and
// the refusal reported is that alternative's.
func validate(name string, schema *openapi3.Schema, value any) error {
	err := schema.VisitJSON(value, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors())
	if err == nil {
		return nil
	}
	alts := schema.AnyOf
	if len(alts) == 0 {
		alts = schema.OneOf
	}
	var chosen []*openapi3.SchemaError
	chosenRank := -1
	for _, alt := range alts {
		if alt == nil || alt.Value == nil {
			continue
		}
		aerr := alt.Value.VisitJSON(value, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors())
		if aerr == nil {
			continue // the union failed for another reason (two matches)
		}
		var leaves []*openapi3.SchemaError
		collect(aerr, &leaves)
		rank := 1
		for _, se := range leaves {
			if p := se.JSONPointer(); len(p) == 1 && p[0] == "type" {
				rank = 0 // not the alternative this body is
			}
		}
		if rank > chosenRank || rank == chosenRank && len(leaves) < len(chosen) {
			chosen, chosenRank = leaves, rank
		}
	}
	if len(chosen) == 0 {
		collect(err, &chosen)
	}
	where, rule, detail := explainLeaves(chosen, err)
	return &Violation{Operation: name, Where: where, Rule: rule, Detail: detail}
}

// explain picks, among the refusals in err, the one about the deepest
// value (see explainLeaves).
func explain(err error) (where, rule, detail string) {
	var leaves []*openapi3.SchemaError
	collect(err, &leaves)
	return explainLeaves(leaves, err)
}

// explainLeaves picks the refusal about the deepest value: within nested
// unions, the alternative a value was meant as gets furthest before it
// is refused. A refusal of a "type" discriminator is a last resort.
func explainLeaves(leaves []*openapi3.SchemaError, err error) (where, rule, detail string) {
	if len(leaves) == 0 {
		return "", "schema", err.Error()
	}
	score := func(se *openapi3.SchemaError) int {
		p := se.JSONPointer()
		n := 2 * len(p)
		if len(p) > 0 && p[len(p)-1] == "type" && (se.SchemaField == "enum" || se.SchemaField == "const") {
			n-- // a discriminator of another alternative
		}
		return n
	}
	best := leaves[0]
	for _, se := range leaves[1:] {
		if score(se) > score(best) {
			best = se
		}
	}
	detail = best.Reason
	if k := strings.LastIndex(detail, "': "); k >= 0 {
		detail = detail[k+3:]
	}
	return "/" + strings.Join(best.JSONPointer(), "/"), best.SchemaField, detail
}

// collect gathers the innermost schema errors of err.
func collect(err error, out *[]*openapi3.SchemaError) {
	if se, ok := err.(*openapi3.SchemaError); ok {
		n := len(*out)
		if se.Origin != nil {
			collect(se.Origin, out)
		}
		if len(*out) == n {
			*out = append(*out, se)
		}
		return
	}
	var multi openapi3.MultiError
	if errors.As(err, &multi) {
		for _, e := range multi {
			collect(e, out)
		}
		return
	}
	if u, ok := err.(interface{ Unwrap() error }); ok && u.Unwrap() != nil {
		collect(u.Unwrap(), out)
	}
}
