// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a small but complete case file (every table holds a row) as the seed of fuzz_casefile:
// SQLite pages mutated from a sound case reach far more of CaseFile::load than random bytes.
#include "casefile.h"

#include <QCoreApplication>
#include <QTimeZone>
#include <QTextStream>

using namespace rankscope::cases;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        QTextStream(stderr) << "usage: makeseedcase OUT.rscase\n";
        return 2;
    }
    CaseData d;
    d.title = QStringLiteral("NCCL watchdog timeout after an Xid 79 on gpu-node-03");
    d.sources = {{QStringLiteral("/incidents/job-4711"), QStringLiteral("logs/rank3.log"), 20'480, QByteArray(32, 'a')}};
    d.clockOffsets = {{QStringLiteral("gpu-node-02"), -4.5}};
    d.attribution = {{QStringLiteral("logs/worker.log"), QStringLiteral("gpu-node-03"), 3}};
    d.notes = QStringLiteral("Rank 3 stopped first.");
    d.bookmarks = {{QStringLiteral("logs/rank3.log"), 118, 3, QStringLiteral("gpu-node-03"), 1'700'000'000'000, QStringLiteral("Xid"), QStringLiteral("the GPU fell off the bus")}};
    d.tags = {QStringLiteral("hardware")};
    d.verdictOverride = {true, 3, QStringLiteral("gpu-node-03"), QStringLiteral("gpu-xid-fallen-off-bus"), QStringLiteral("dmesg")};
    WalkthroughStep step;
    step.title = QStringLiteral("Start here");
    step.path = QStringLiteral("logs/rank3.log");
    step.line = 118;
    step.rank = 3;
    step.role = QStringLiteral("initiating");
    d.walkthrough = {step};
    d.pasted = {{QStringLiteral("pasted-1.log"), QByteArray("[rank3]: RuntimeError: CUDA error: unspecified launch failure\n")}};
    d.created = d.modified = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, QTimeZone::utc());
    const CaseSaveResult r = CaseFile::save(d, QString::fromLocal8Bit(argv[1]));
    if (!r.ok) {
        QTextStream(stderr) << r.message << '\n';
        return 1;
    }
    return 0;
}
