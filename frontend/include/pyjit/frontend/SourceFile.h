//===- SourceFile.h - A kernel's source text and its place in a file ------===//
#ifndef PYJIT_FRONTEND_SOURCEFILE_H
#define PYJIT_FRONTEND_SOURCEFILE_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace pyjit {

/// A position in the user's file: 1-based line and column (columns count bytes).
struct SourceLoc {
  unsigned line = 0;
  unsigned col = 0;
  bool isValid() const { return line != 0; }
};

/// A half-open range [begin, end) on one or more lines.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;
  SourceRange() = default;
  SourceRange(SourceLoc b, SourceLoc e) : begin(b), end(e) {}
  explicit SourceRange(SourceLoc b) : begin(b), end(b) {}
};

/// The text handed to the compiler (usually one function's source, as
/// `inspect.getsource` returns it) and where it sits in the user's file.
/// `firstLine` is the file line of the text's first line, so every location
/// the frontend creates is a real line of the user's file.
class SourceFile {
public:
  SourceFile(std::string fileName, std::string text, unsigned firstLine = 1);

  llvm::StringRef fileName() const { return name; }
  llvm::StringRef text() const { return contents; }
  unsigned firstLine() const { return first; }

  /// The text of file line `line` without its newline; empty if out of range.
  /// Where display lines are set, the file's own line (what a diagnostic
  /// shows above its caret).
  llvm::StringRef lineText(unsigned line) const;

  /// The file's own text of the lines the compiled text stands for, from
  /// firstLine() on, when the two differ in what lies outside the code (a
  /// lambda compiled as a def: `x = lambda a: a + 1` as `def _lambda(a):
  /// return (` then the body at its own line and column). Each line keeps
  /// the columns of the compiled text's code; lines past the end show the
  /// compiled text.
  void setDisplayLines(std::vector<std::string> lines) { display = std::move(lines); }

private:
  std::string name;
  std::string contents;
  unsigned first;
  std::vector<size_t> lineStarts; // offsets of each line's first byte
  std::vector<std::string> display;
};

} // namespace pyjit

#endif
