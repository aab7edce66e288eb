//===- SourceFile.h - A kernel's source text and its place in a file ------===//
#ifndef PYJIT_FRONTEND_SOURCEFILE_H
#define PYJIT_FRONTEND_SOURCEFILE_H

#include "llvm/ADT/StringRef.h"
#include <algorithm>
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
/// the frontend creates is a real line of the user's file. It is 0 only for
/// a text whose line 0 setLineOrigin places in the file (a lambda whose
/// body is on the file's first line, under a generated def).
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

  /// The text of \p range when it lies on one line; empty otherwise.
  llvm::StringRef rangeText(SourceRange range) const {
    if (range.begin.line != range.end.line || range.end.col <= range.begin.col)
      return {};
    return lineText(range.begin.line).slice(range.begin.col - 1, range.end.col - 1);
  }

  /// The character column (1-based) of byte column `col` of file line
  /// `line`: the UTF-8 continuation bytes before it are not characters
  /// (CPython and editors count characters; locations count bytes).
  unsigned characterColumn(unsigned line, unsigned col) const;

  /// The file's own text of the lines the compiled text stands for, from
  /// firstLine() on, when the two differ in what lies outside the code (a
  /// lambda compiled as a def: `x = lambda a: a + 1` as `def _lambda(a):
  /// return (` then the body at its own line and column). Each line keeps
  /// the columns of the compiled text's code; lines past the end show the
  /// compiled text.
  void setDisplayLines(std::vector<std::string> lines) { display = std::move(lines); }

  /// Places the code of compiled line \p line elsewhere in the file: at file
  /// line \p fileLine, each column moved by \p colDelta and at least
  /// \p minCol (a lambda's generated `def _lambda(a, b): return (`, whose
  /// parameters are the lambda's own text: they keep their file columns,
  /// and `def` stands at the `lambda` keyword). One line at most.
  void setLineOrigin(unsigned line, unsigned fileLine, int colDelta, unsigned minCol) {
    origin = {true, line, fileLine, colDelta, minCol};
  }

  /// Where the code at compiled line \p line, column \p col (1-based) is
  /// in the file: itself unless setLineOrigin moved its line.
  SourceLoc fileLoc(unsigned line, unsigned col) const {
    if (!origin.set || line != origin.line)
      return SourceLoc{line, col};
    long moved = static_cast<long>(col) + origin.colDelta;
    return SourceLoc{origin.fileLine,
                     static_cast<unsigned>(std::max<long>(moved, origin.minCol))};
  }

private:
  std::string name;
  std::string contents;
  unsigned first;
  std::vector<size_t> lineStarts; // offsets of each line's first byte
  std::vector<std::string> display;
  struct {
    bool set = false;
    unsigned line = 0;
    unsigned fileLine = 0;
    int colDelta = 0;
    unsigned minCol = 1;
  } origin;
};

} // namespace pyjit

#endif
