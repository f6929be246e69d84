package spectest

import (
	"bytes"
	"errors"
	"mime/multipart"
	"net/textproto"
	"strings"
	"testing"
)

// TestCheck runs bodies Discord accepts and bodies it refuses through
// Check: each refusal names the value and the rule.
func TestCheck(t *testing.T) {
	const callback = "/api/v10/interactions/1200000000000000001/tok/callback"
	const original = "/api/v10/webhooks/1000000000000000001/tok/messages/@original"
	tests := []struct {
		name, method, path, body string
		where, rule              string // "" when accepted
	}{
		{"deferral", "POST", callback, `{"type":5}`, "", ""},
		{"card", "POST", callback, `{"type":4,"data":{"content":"hi","embeds":[{"title":"t","image":{"url":"attachment://a.png"}}],"components":[],"attachments":[{"id":"0","filename":"a.png"}]}}`, "", ""},
		{"attachment id as a number", "POST", callback, `{"type":4,"data":{"content":"hi","attachments":[{"id":0,"filename":"a.png"}]}}`, "/data/attachments/0/id", "type"},
		{"custom_id too long", "POST", callback, `{"type":4,"data":{"content":"x","components":[{"type":1,"components":[{"type":2,"style":2,"label":"a","custom_id":"` + strings.Repeat("x", 101) + `"}]}]}}`, "/data/components/0/components/0/custom_id", "maxLength"},
		{"edit", "PATCH", original, `{"content":"done","embeds":[],"components":[],"attachments":[]}`, "", ""},
		{"edit with a bad color", "PATCH", original, `{"content":"done","embeds":[{"color":"red"}]}`, "/embeds/0/color", "type"},
		{"application id not a snowflake", "PATCH", "/api/v10/webhooks/app/tok/messages/@original", `{"content":"x"}`, "path parameter webhook_id", "pattern"},
		{"commands", "PUT", "/api/v10/applications/1000000000000000001/commands", `[{"name":"nim","description":"Nim","type":1,"options":[]}]`, "", ""},
		{"command name too long", "PUT", "/api/v10/applications/1000000000000000001/commands", `[{"name":"` + strings.Repeat("n", 33) + `","description":"Nim","type":1}]`, "/0/name", "maxLength"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.method, tt.path, "application/json", []byte(tt.body))
			if tt.rule == "" {
				if err != nil {
					t.Fatalf("Check = %v, want nil", err)
				}
				return
			}
			var v *Violation
			if !errors.As(err, &v) {
				t.Fatalf("Check = %v, want a violation at %s (%s)", err, tt.where, tt.rule)
			}
			if v.Where != tt.where || v.Rule != tt.rule {
				t.Errorf("violation %s %q (%v), want %s %q", v.Where, v.Rule, v, tt.where, tt.rule)
			}
		})
	}
}

// TestCheckMultipart checks that payload_json is what is validated in a
// body with files, and that stray parts are refused.
func TestCheckMultipart(t *testing.T) {
	build := func(payload string, parts ...string) (string, []byte) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		w, _ := mw.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="payload_json"`}, "Content-Type": {"application/json"}})
		w.Write([]byte(payload))
		for _, p := range parts {
			w, _ := mw.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="` + p + `"; filename="a.png"`}})
			w.Write([]byte("\x89PNG"))
		}
		mw.Close()
		return mw.FormDataContentType(), buf.Bytes()
	}
	path := "/api/v10/webhooks/1000000000000000001/tok"
	ct, body := build(`{"content":"x","attachments":[{"id":"0","filename":"a.png"}]}`, "files[0]")
	if err := Check("POST", path, ct, body); err != nil {
		t.Errorf("good multipart: %v", err)
	}
	ct, body = build(`{"content":"x","attachments":[{"id":0,"filename":"a.png"}]}`, "files[0]")
	var v *Violation
	if err := Check("POST", path, ct, body); !errors.As(err, &v) || v.Where != "/attachments/0/id" {
		t.Errorf("numeric attachment id in payload_json: %v, want a violation at /attachments/0/id", err)
	}
	ct, body = build(`{"content":"x"}`, "file")
	if err := Check("POST", path, ct, body); err == nil || !strings.Contains(err.Error(), "files[n]") {
		t.Errorf("stray part: %v, want it refused", err)
	}
}
