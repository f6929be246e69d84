package check_test

import (
	"bytes"
	"context"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// bigUpload is a /check upload at the size limit: an adapwns input of
// 2,000,000 one-line tests and a program's output of 2,000,000 answers,
// about 8 MB each, with one wrong answer near the end.
func bigUpload(tb testing.TB) (solver.Game, []byte, []byte) {
	tb.Helper()
	g, err := solver.Lookup("adapwns")
	if err != nil {
		tb.Fatal(err)
	}
	const tests = 2_000_000
	positions := []string{"P", ".P", "..P", "P.P"}
	var in bytes.Buffer
	in.Grow(tests * 3)
	in.WriteString("2000000\n")
	for k := range tests {
		in.WriteString(positions[k%len(positions)])
		in.WriteByte('\n')
	}
	var out bytes.Buffer
	if err := solver.Judge(context.Background(), g, bytes.NewReader(in.Bytes()), &out, false); err != nil {
		tb.Fatal(err)
	}
	output := out.Bytes()
	// One wrong answer, near the end, so that the whole output is read.
	k := bytes.LastIndex(output[:len(output)-10], []byte("\n")) + 1
	if bytes.HasPrefix(output[k:], []byte("Yes")) {
		output = append(append(output[:k:k], "No"...), output[k+3:]...)
	} else {
		output = append(append(output[:k:k], "Yes"...), output[k+2:]...)
	}
	return g, in.Bytes(), output
}

// softLimit is the soft memory limit of a serving process
// (NIMTUTOR_MEMORY_LIMIT's default).
const softLimit = 192 << 20

// TestEightBigChecksStayUnderTheSoftLimit runs eight checks of 8 MB,
// 2-million-line uploads at once, each with its own copy of the files as
// eight uploads would have, and samples the live heap while they run:
// its peak must stay under the serving process's soft memory limit.
func TestEightBigChecksStayUnderTheSoftLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 128 MB of uploads")
	}
	if raceEnabled {
		t.Skip("the race detector's shadow memory is not the heap measured here")
	}
	g, input, output := bigUpload(t)
	const uploads = 8
	type upload struct{ in, out []byte }
	ups := make([]upload, uploads)
	for k := range ups {
		ups[k] = upload{bytes.Clone(input), bytes.Clone(output)}
	}
	input, output = nil, nil
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(softLimit))
	runtime.GC()

	// peak is the heap's objects, live or not yet collected (what
	// MemStats.HeapAlloc says); livePeak the heap the last GC found live.
	var peak, livePeak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
		for {
			metrics.Read(samples)
			peak.Store(max(peak.Load(), samples[0].Value.Uint64()))
			livePeak.Store(max(livePeak.Load(), samples[1].Value.Uint64()))
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	reps := make([]*check.Report, uploads)
	errs := make([]error, uploads)
	for k := range ups {
		wg.Go(func() {
			reps[k], errs[k] = check.Compare(context.Background(), g, ups[k].in, ups[k].out)
		})
	}
	wg.Wait()
	close(stop)
	<-sampled
	for k := range reps {
		if errs[k] != nil {
			t.Fatal(errs[k])
		}
		if reps[k].Tests != 2_000_000 || reps[k].Wrong != 1 || reps[k].Right != 1_999_999 || reps[k].Smallest == nil {
			t.Fatalf("upload %d: tests %d, right %d, wrong %d", k, reps[k].Tests, reps[k].Right, reps[k].Wrong)
		}
	}
	files := uint64(uploads * (len(ups[0].in) + len(ups[0].out)))
	t.Logf("peak heap %d MiB (live after a GC: %d MiB) with %d checks of %d + %d bytes running (the uploads themselves: %d MiB)",
		peak.Load()>>20, livePeak.Load()>>20, uploads, len(ups[0].in), len(ups[0].out), files>>20)
	// The runtime collects more often as the heap nears the soft limit,
	// so the peak of the heap's objects stays under it while what is
	// live does; the live heap beyond the uploads is what a check costs.
	if peak.Load() >= softLimit || livePeak.Load() >= softLimit {
		t.Errorf("peak heap %d MiB, live %d MiB: over the %d MiB soft limit", peak.Load()>>20, livePeak.Load()>>20, softLimit>>20)
	}
	if over := int64(livePeak.Load()) - int64(files); over > 8*uploads<<20 {
		t.Errorf("the checks hold %d MiB beyond their uploads, over 8 MiB each", over>>20)
	}
	if !strings.HasPrefix(reps[0].Smallest.Text, "P") && !strings.HasPrefix(reps[0].Smallest.Text, ".") {
		t.Errorf("smallest failing case %q", reps[0].Smallest.Text)
	}
}

// BenchmarkCompareBig is one check of a 2-million-line upload.
func BenchmarkCompareBig(b *testing.B) {
	g, input, output := bigUpload(b)
	b.SetBytes(int64(len(input) + len(output)))
	b.ReportAllocs()
	for b.Loop() {
		rep, err := check.Compare(context.Background(), g, input, output)
		if err != nil || rep.Wrong != 1 {
			b.Fatal(rep, err)
		}
	}
}
