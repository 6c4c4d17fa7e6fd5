// Runs Pascal Pons' Connect Four solver the way `tabula solve connect-four` runs Tabula's:
// reads lines `MOVES [EXPECTED]` from standard input, solves each position exactly on a
// cleared transposition table (his own command-line driver keeps the table from one line
// to the next, which would make a set's later lines cheaper than Tabula's), and prints
// `MOVES SCORE` a line. The mean time and positions searched per line go to standard
// error, in the form Tabula prints them. With PONS_BOOK set, his opening book is loaded
// from that file first.
//
// Built against his source by pons.sh: g++ -O3 -DNDEBUG -I<his source> pons_driver.cpp <his Solver.cpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

int main() {
  static Solver solver;  // his table is large: keep it off the stack
  if (const char* book = std::getenv("PONS_BOOK")) solver.loadBook(book);
  unsigned long long lines = 0, nodes = 0;
  std::chrono::nanoseconds spent{0};
  std::string line;
  int status = 0;
  while (std::getline(std::cin, line)) {
    std::istringstream fields(line);
    std::string moves;
    if (!(fields >> moves)) continue;
    Position position;
    if (position.play(moves) != moves.size()) {
      std::cerr << "invalid line: " << line << "\n";
      status = 1;
      continue;
    }
    solver.reset();
    auto started = std::chrono::steady_clock::now();
    int score = solver.solve(position, false);
    spent += std::chrono::steady_clock::now() - started;
    nodes += solver.getNodeCount();
    ++lines;
    std::cout << moves << ' ' << score << '\n';
  }
  if (lines > 0) {
    double mean_us = std::chrono::duration<double, std::micro>(spent).count() / lines;
    std::fprintf(stderr, "%llu positions: mean time %.1fµs, mean positions searched %.0f\n", lines, mean_us,
                 double(nodes) / lines);
  }
  return status;
}
