// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "ingestconfig.h"

#include <QString>
#include <QStringList>

class QTextStream;

namespace rankscope {
namespace kb {
class KnowledgeBase;
}

// The options that say how a bundle is read, shared by `rankscope analyze` and `rankscope
// report` so both accept the same spellings and print the same messages:
//   --threads N, --encyclopedia DB, --clock-offset NODE=SECONDS, --attribute PATH=[RANK][@NODE],
//   and one --KEY VALUE per ingest::ReadingLimit (--max-files 500000, --max-member-size 64G)
// Each takes its value as the next argument or after '=' (--threads=4).
class IngestOptions
{
public:
    enum class Outcome { NotMine, Taken, BadUsage };

    // SOURCE_DATE_EPOCH, when set, is "now" for year-less timestamps (reproducible output).
    IngestOptions();

    // Takes args[i] (and its value, advancing i) when it is one of the options above; prints
    // what is wrong to err, prefixed by "rankscope COMMAND: ", and returns BadUsage when its
    // value is not valid.
    Outcome take(const QString &command, const QStringList &args, qsizetype &i, QTextStream &err);

    // The value of option args[i]: after '=' in "--x=v", else the next argument (advancing i).
    static bool value(const QStringList &args, qsizetype &i, QString &into);

    // The usage lines of these options.
    static QString usage();
    // One usage line per ingest::ReadingLimit, with its default.
    static QString limitsUsage();

    // "path/to/rank3.log=3@gpu-07", "x.log=@gpu-07" or "x.log=3". PATH is the bundle-relative
    // path RankScope shows (archive members as "a.tar.gz!/x.log"); the last '=' separates it.
    static bool parseAttribution(const QString &spec, QString &path, ingest::FileAttributionOverride &into);

    // The encyclopedia --encyclopedia names, or the installed one; its warnings go to err.
    std::shared_ptr<const kb::KnowledgeBase> openEncyclopedia(QTextStream &err) const;
    // Reads and analyses paths with these options (IncidentPipeline). Null, with the ingest's
    // warnings and "rankscope COMMAND: nothing readable in …" on err, when nothing was readable.
    analysis::AnalysisResultPtr analyze(const QString &command, const QStringList &paths, const kb::KnowledgeBase &kb,
                                        QTextStream &err) const;

    ingest::IngestConfig config;
    QString encyclopedia;
};

} // namespace rankscope
