// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the whole ingest of one input file, which its content makes a log or an
// archive: the sniffing on the scanning thread, the archive's decode/scan pipeline (MemberPipe,
// scanners side by side, early-closing readers), attribution and times. What a user relies on
// is checked: every event points at a listed file and a line inside it, and the member caps hold.
#include "fuzzsupport.h"
#include "ingestor.h"

#include <cstdlib>

using namespace rankscope;
using namespace rankscope::ingest;

namespace {

IngestConfig smallCaps()
{
    IngestConfig c;
    c.maxUncompressedBytes = 64ll * 1024 * 1024;
    c.maxMemberBytes = 16ll * 1024 * 1024;
    c.maxArchiveEntries = 10'000;
    c.threads = 1; // one decoder and one scanner still run side by side; fewer threads, more inputs
    c.fingerprints = {
        {QStringLiteral("oom"), QStringLiteral("Out of memory"), QStringLiteral(R"(Out of memory: Killed? process (?P<pid>\d+))"), 1.0,
         FingerprintSpec::Role::Initiating, FingerprintSpec::Severity::Fatal},
        {QStringLiteral("watchdog"), QStringLiteral("Watchdog caught"), QStringLiteral(R"(SeqNum=(?P<seq>\d+))"), 0.6,
         FingerprintSpec::Role::Collateral, FingerprintSpec::Severity::Error},
    };
    return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString path = rankscope::fuzz::scratchPath(QStringLiteral(".bin"));
    static const IngestConfig config = smallCaps();
    if (!rankscope::fuzz::writeScratch(path, data, size))
        return 0;
    const IngestResultPtr r = Ingestor::run({path}, config);
    for (const InputFile &f : r->files) {
        if (f.bytes < 0 || f.lines < 0 || f.bytes > config.maxMemberBytes + (1 << 20))
            std::abort();
    }
    for (const Event &e : r->events) {
        if (e.source.file < 0 || e.source.file >= r->files.size())
            std::abort();
        const InputFile &f = r->files.at(e.source.file);
        if (e.source.line < 1 || e.source.line > std::max<qint64>(1, f.lines))
            std::abort();
    }
    return 0;
}
