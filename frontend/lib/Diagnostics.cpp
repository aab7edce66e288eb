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

void DiagnosticEngine::warning(SourceRange range, const llvm::Twine &message) {
  diags.push_back({Severity::Warning, range, message.str(), file});
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

std::string DiagnosticEngine::render(const Diagnostic &diag) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  const SourceFile &file = diag.file ? *diag.file : *this->file;
  SourceLoc b = diag.range.begin;
  os << file.fileName() << ":";
  if (b.isValid())
    os << b.line << ":" << b.col << ":";
  os << " " << severityName(diag.severity) << ": " << diag.message << "\n";
  if (!b.isValid())
    return out;
  llvm::StringRef line = file.lineText(b.line);
  if (line.empty())
    return out;
  os << line << "\n";
  // Caret under the start, tildes to the end of the range on the same line.
  unsigned col = b.col == 0 ? 1 : b.col;
  // Columns count bytes; pad one space per character (skip UTF-8
  // continuation bytes) so the caret sits under the right character.
  auto isContinuation = [&](unsigned i) {
    return (static_cast<unsigned char>(line[i - 1]) & 0xC0) == 0x80;
  };
  for (unsigned i = 1; i < col && i <= line.size(); ++i)
    if (!isContinuation(i))
      os << (line[i - 1] == '\t' ? '\t' : ' ');
  os << "^";
  SourceLoc e = diag.range.end;
  if (e.line == b.line && e.col > col + 1) {
    unsigned last = std::min<unsigned>(e.col, line.size() + 1);
    for (unsigned i = col + 1; i < last; ++i)
      if (!isContinuation(i))
        os << "~";
  }
  os << "\n";
  return out;
}

std::string DiagnosticEngine::render(bool errorsOnly) const {
  // An error or warning said before, at the same place, is said once (code
  // typed more than once: literal_unroll's copies of a loop body), with
  // the notes that follow it. With \p errorsOnly, warnings (and their
  // notes) are left out.
  std::string out;
  std::set<std::string> said;
  bool repeated = false;
  for (const Diagnostic &d : diags) {
    if (d.severity == Severity::Note) {
      if (!repeated)
        out += render(d);
      continue;
    }
    std::string text = render(d);
    repeated = !said.insert(text).second || (errorsOnly && d.severity == Severity::Warning);
    if (!repeated)
      out += text;
  }
  return out;
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
