// The baseline for games/adapwns BenchmarkVerify/20: a specialised C++ memo over
// every ADAPWNS board of 1..N cells (bit i set: a pawn on cell i+1), the
// memo indexed by the bit mask, each board's verdict checked against the
// formula (XOR of every other gap mod 3, from the right). compare.sh
// builds it with g++ -O2 and runs it next to the Go engine.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
static int n;
static std::vector<int8_t> memo; // -1 unknown, 0 loss, 1 win for the mover
static int solve(uint32_t m) {
  if (memo[m] >= 0) return memo[m];
  int win = 0;
  for (int i = 0; i < n && !win; i++) {
    if (!(m >> i & 1)) continue;
    for (int s = 1; s <= 2 && i - s >= 0 && !(m >> (i - s) & 1); s++)
      if (!solve(m ^ (1u << i) ^ (1u << (i - s)))) { win = 1; break; }
  }
  return memo[m] = win;
}
static int formula(uint32_t m) {
  int x[2] = {0, 0}, gap = 0, pawns = 0;
  for (int i = 0; i < n; i++) {
    if (!(m >> i & 1)) { gap++; continue; }
    x[pawns++ & 1] ^= gap % 3; gap = 0;
  }
  return pawns && x[(pawns - 1) & 1] != 0;
}
int main(int argc, char **argv) {
  int maxn = argc > 1 ? atoi(argv[1]) : 20;
  auto t0 = std::chrono::steady_clock::now();
  long boards = 0, bad = 0;
  for (n = 1; n <= maxn; n++) {
    memo.assign(1u << n, -1);
    for (uint32_t m = 0; m < (1u << n); m++, boards++) bad += solve(m) != formula(m);
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printf("c++ memo, adapwns 1..%d cells: %ld boards, %ld disagreements, %.3f s\n", maxn, boards, bad, s);
}
