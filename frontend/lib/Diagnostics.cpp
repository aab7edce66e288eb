//===- Diagnostics.cpp - Rendering of file:line:col diagnostics ----------===//
#include "pyjit/frontend/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace pyjit;

char CompileError::ID = 0;

void DiagnosticEngine::error(SourceRange range, const llvm::Twine &message,
                             llvm::StringRef alsoA) {
  diags.push_back({Severity::Error, range, message.str(), file, alsoA.str()});
  ++numErrors;
}

void DiagnosticEngine::warning(SourceRange range, const llvm::Twine &message,
                               llvm::StringRef pythonClass) {
  diags.push_back({Severity::Warning, range, message.str(), file, pythonClass.str()});
}

void DiagnosticEngine::note(SourceRange range, const llvm::Twine &message) {
  diags.push_back({Severity::Note, range, message.str(), file});
}

static const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

/// One source line and its underline: a caret at byte column \p from (0:
/// no caret, tildes from the first non-blank character) and tildes up to
/// byte column \p to (exclusive; 0: the line's end).
static void underline(llvm::raw_ostream &os, llvm::StringRef line, unsigned from, unsigned to) {
  os << line << "\n";
  // Columns count bytes; pad one space per character (skip UTF-8
  // continuation bytes) so the caret sits under the right character.
  auto isContinuation = [&](unsigned i) {
    return (static_cast<unsigned char>(line[i - 1]) & 0xC0) == 0x80;
  };
  bool caret = from != 0;
  if (!caret)
    from = static_cast<unsigned>(line.find_first_not_of(" \t")) + 1;
  unsigned last = to == 0 ? static_cast<unsigned>(line.size()) + 1
                          : std::min<unsigned>(to, line.size() + 1);
  for (unsigned i = 1; i < from && i <= line.size(); ++i)
    if (!isContinuation(i))
      os << (line[i - 1] == '\t' ? '\t' : ' ');
  os << (caret ? "^" : "~");
  for (unsigned i = from + 1; i < last; ++i)
    if (!isContinuation(i))
      os << "~";
  os << "\n";
}

std::string DiagnosticEngine::render(const Diagnostic &diag) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  const SourceFile &file = diag.file ? *diag.file : *this->file;
  SourceLoc b = diag.range.begin;
  llvm::StringRef line = b.isValid() ? file.lineText(b.line) : llvm::StringRef();
  os << file.fileName() << ":";
  if (b.isValid())
    os << b.line << ":" << file.characterColumn(b.line, b.col) << ":";
  os << " " << severityName(diag.severity) << ": " << diag.message << "\n";
  if (!b.isValid() || line.empty())
    return out;
  // A caret under the start, tildes to the end of the range: over each of
  // its lines when it spans several (a call or an operator over lines),
  // the middle ones elided past six.
  unsigned col = b.col == 0 ? 1 : b.col;
  SourceLoc e = diag.range.end;
  if (!e.isValid() || e.line <= b.line) {
    underline(os, line, col, e.isValid() && e.line == b.line && e.col > col + 1 ? e.col : col + 1);
    return out;
  }
  underline(os, line, col, 0);
  for (unsigned l = b.line + 1; l <= e.line; ++l) {
    if (e.line - b.line >= 6 && l == b.line + 3 && l < e.line - 1) {
      os << "...\n"; // (from here to the range's last line)
      l = e.line - 1;
      continue;
    }
    llvm::StringRef text = file.lineText(l);
    if (text.trim().empty())
      continue;
    underline(os, text, 0, l == e.line ? e.col : 0);
  }
  return out;
}

/// \p diags rendered: an error or warning said before, at the same place,
/// once (code typed more than once: literal_unroll's copies of a loop
/// body), with the notes that follow it; those \p wanted refuses (and
/// their notes) not at all.
template <typename Wanted>
static std::string renderSome(const DiagnosticEngine &engine,
                              const std::vector<Diagnostic> &diags, Wanted wanted) {
  std::string out;
  std::set<std::string> said;
  bool repeated = false;
  for (const Diagnostic &d : diags) {
    if (d.severity == Severity::Note) {
      if (!repeated)
        out += engine.render(d);
      continue;
    }
    std::string text = engine.render(d);
    repeated = !said.insert(text).second || !wanted(d);
    if (!repeated)
      out += text;
  }
  return out;
}

std::string DiagnosticEngine::render(bool errorsOnly) const {
  return renderSome(*this, diags, [&](const Diagnostic &d) {
    return !errorsOnly || d.severity != Severity::Warning;
  });
}

std::string DiagnosticEngine::renderWarnings(llvm::StringRef pythonClass) const {
  return renderSome(*this, diags, [&](const Diagnostic &d) {
    return d.severity == Severity::Warning && d.alsoA == pythonClass;
  });
}

llvm::Error DiagnosticEngine::takeError() const {
  if (!hasErrors())
    return llvm::Error::success();
  // The errors alone: a warning about code that did not compile (float64
  // arithmetic in a float32 kernel, say) would only come before them.
  for (const Diagnostic &d : diags)
    if (d.severity == Severity::Error)
      return llvm::make_error<CompileError>(render(/*errorsOnly=*/true), d.alsoA);
  return llvm::make_error<CompileError>(render(/*errorsOnly=*/true));
}
