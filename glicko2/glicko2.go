// Package glicko2 is Mark Glickman's Glicko-2 rating system, as described
// in "Example of the Glicko-2 system" (2013): a rating, a rating deviation
// that says how sure the rating is, and a volatility that says how much
// the rating is expected to move. nimtutor rates learners and puzzles with
// it, each answer being one rating period of one game between them.
package glicko2

import "math"

// scale converts between the familiar scale (1500 ± 350) and Glicko-2's.
const scale = 173.7178

// DefaultTau is the system constant τ, which limits how fast volatility
// changes; Glickman suggests 0.3 to 1.2.
const DefaultTau = 0.5

// epsilon is the convergence tolerance of the volatility iteration.
const epsilon = 0.000001

// Rating is a rating on the familiar scale, as the store keeps and
// exports it.
type Rating struct {
	// Rating is the rating itself, 1500 for a newcomer.
	Rating float64 `json:"rating"`
	// RD is the rating deviation, 350 for a newcomer.
	RD float64 `json:"rd"`
	// Vol is the volatility σ, 0.06 for a newcomer.
	Vol float64 `json:"volatility"`
}

// Default returns a newcomer's rating: 1500, RD 350, volatility 0.06.
func Default() Rating { return Rating{Rating: 1500, RD: 350, Vol: 0.06} }

// Result is one game of a rating period: the opponent's rating before the
// period and the score, 1 for a win, 0 for a loss, 0.5 for a draw; a
// score in between counts as a partial win.
type Result struct {
	Opponent Rating
	Score    float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns p's rating after one rating period with the given
// results, with system constant tau (DefaultTau when 0). With no results
// only the deviation grows, as the paper's step 6 says.
func Update(p Rating, results []Result, tau float64) Rating {
	if tau == 0 {
		tau = DefaultTau
	}
	// Step 2: to the Glicko-2 scale.
	mu, phi, sigma := (p.Rating-1500)/scale, p.RD/scale, p.Vol
	if len(results) == 0 {
		return Rating{Rating: p.Rating, RD: math.Sqrt(phi*phi+sigma*sigma) * scale, Vol: sigma}
	}
	// Steps 3 and 4: the estimated variance v and the improvement Δ.
	var vInv, sum float64
	for _, r := range results {
		muj, phij := (r.Opponent.Rating-1500)/scale, r.Opponent.RD/scale
		gj, e := g(phij), expect(mu, muj, phij)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = newVolatility(phi, v, delta, sigma, tau)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the familiar scale.
	return Rating{Rating: muNew*scale + 1500, RD: phiNew * scale, Vol: sigma}
}

// newVolatility solves the paper's step 5 for σ′.
func newVolatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
