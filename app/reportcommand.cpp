// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `rankscope report PATH... --out FILE [--format …] [--redact]`: an incident report to hand on.
// `rankscope report CASE.rscase --out FILE`: the same for a saved case, with its notes.
#include "analyzer.h"
#include "casefile.h"
#include "caseinputs.h"
#include "caselocator.h"
#include "casereport.h"
#include "ingestoptions.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "standardinput.h"
#include "reportwriter.h"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {
QString usage()
{
    return u"Usage: rankscope report PATH... --out FILE [--format html|md|pdf|json|summary|trace] [--redact]\n"
           "                        [--title TEXT] [--notes FILE] [--tag TAG]... [--compare GOOD] [OPTIONS]\n"
           "       rankscope report CASE.rscase [--bundle DIR] --out FILE [same options]\n"
           "Writes an incident report of a bundle: the verdict and its chain of evidence, a timeline image,\n"
           "the version matrix with outliers, the top diagnoses with fix and verification steps, and notes.\n"
           "A case file (saved by the workbench) stands for its bundle, analysed again with the case's clock\n"
           "offsets and attribution; its title, notes, tags, bookmarks and verdict override go into the report,\n"
           "and --title, --notes, --tag, --clock-offset and --attribute add to them (given options win). A case\n"
           "reads the folders it recorded only when they lie in the folder that holds it; otherwise give the\n"
           "bundle with --bundle DIR, where the case's files are then looked for (and nowhere else).\n"
           "The format follows FILE's suffix (.html, .md, .pdf, .json, .trace.json, .txt = summary) unless\n"
           "--format is given. HTML is one self-contained file; Markdown writes its images to FILE_images/;\n"
           "trace is Trace Event JSON for Perfetto or chrome://tracing. --redact replaces host names, IP\n"
           "addresses and user names by node-01, ip-01, user-01 everywhere, images included. --compare GOOD\n"
           "adds a \"Compared with\" section: what differs from GOOD, a run of the same job that worked (a\n"
           "folder, log file or archive), as `rankscope diff GOOD PATH` prints it. Without --out,\n"
           "--format summary prints the short summary; --out - prints html, json, summary or trace.\n"_s
        + IngestOptions::usage()
        + u"Exit codes: 0 written, 2 bad usage, 3 nothing readable (or an unreadable case file), 1 the\n"
           "report could not be written.\n"_s;
}

bool isCaseFile(const QString &path)
{
    return path.endsWith(u".rscase"_s, Qt::CaseInsensitive);
}

// Opens the case and turns it into what the report reads: its bundle's paths, clock offsets,
// title and annotations. Missing and changed files are reported and the rest is read; returns
// false (after saying why) when the case file cannot be read.
// Returns 0 when the case was applied, otherwise the exit code (after saying why).
int applyCase(const QString &casePath, const QString &bundleDir, QStringList &paths, ingest::IngestConfig &config,
    render::ReportInput &input, QTextStream &err)
{
    const cases::CaseLoadResult loaded = cases::CaseFile::load(casePath);
    if (!loaded.ok) {
        err << u"rankscope report: "_s << loaded.message << u'\n';
        return 3;
    }
    cases::CaseData data = loaded.data;
    // A case is a document people send each other: it reads its recorded folders only when they
    // lie beside it (the case saved in or next to its bundle); anywhere else the user names the
    // bundle with --bundle, and every recorded root is looked for there, and only there.
    const QStringList roots = cases::CaseLocator::roots(data);
    if (!bundleDir.isEmpty()) {
        if (!QFileInfo(bundleDir).isDir()) {
            err << u"rankscope report: --bundle "_s << bundleDir << u" is not a folder\n"_s;
            return 2;
        }
        const QString dir = QFileInfo(bundleDir).absoluteFilePath();
        for (const QString &root : roots)
            data = cases::CaseLocator::relocate(data, root, dir);
    } else {
        const QString caseFolder = QFileInfo(casePath).absolutePath();
        QStringList elsewhere;
        for (const QString &root : roots) {
            if (!cases::CaseLocator::insideRoot(caseFolder, root))
                elsewhere.append(root);
        }
        if (!elsewhere.isEmpty()) {
            err << u"rankscope report: "_s << casePath << u" reads files in "_s << elsewhere.join(u", "_s)
                << u", outside the folder that holds the case; give the bundle's folder with --bundle DIR\n"_s;
            return 2;
        }
    }
    const QList<cases::SourceStatus> statuses = cases::CaseLocator::check(data);
    for (const cases::SourceStatus &s : statuses) {
        if (s.state == cases::SourceStatus::State::Missing)
            err << u"rankscope report: missing from the case's bundle: "_s << s.filePath << u'\n';
        else if (s.state == cases::SourceStatus::State::Changed)
            err << u"rankscope report: changed since the case was saved (bookmarks may point elsewhere): "_s
                << s.filePath << u'\n';
        else if (s.state == cases::SourceStatus::State::Outside)
            err << u"rankscope report: not read, a link out of the case's bundle: "_s << s.filePath << u'\n';
    }
    paths = cases::CaseInputs::paths(data);
    // What the command line gives wins over what the case recorded.
    const ingest::ManualCorrections recorded = cases::CaseInputs::corrections(data);
    for (auto it = recorded.clockOffsets.cbegin(); it != recorded.clockOffsets.cend(); ++it) {
        if (!config.manual.clockOffsets.contains(it.key()))
            config.manual.clockOffsets.insert(it.key(), it.value());
    }
    for (auto it = recorded.attribution.cbegin(); it != recorded.attribution.cend(); ++it) {
        if (!config.manual.attribution.contains(it.key()))
            config.manual.attribution.insert(it.key(), it.value());
    }
    if (input.title.isEmpty())
        input.title = data.title;
    report::ReportAnnotations annotations = cases::CaseReport::annotations(data);
    annotations.tags += input.annotations.tags;
    input.annotations = annotations;
    return 0;
}
} // namespace

int runReportCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QStringList paths;
    QString outPath, formatName, notesPath, comparePath, bundleDir;
    render::ReportInput input;
    IngestOptions ingestOptions;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        const QString option = a.section(u'=', 0, 0);
        switch (ingestOptions.take(u"report"_s, args, i, err)) {
        case IngestOptions::Outcome::Taken:
            continue;
        case IngestOptions::Outcome::BadUsage:
            return 2;
        case IngestOptions::Outcome::NotMine:
            break;
        }
        auto value = [&](QString &into) { return IngestOptions::value(args, i, into); };
        if (a == u"--help"_s || a == u"-h"_s) {
            out << usage();
            return 0;
        } else if (option == u"--out"_s || a == u"-o"_s) {
            if (!value(outPath) || outPath.isEmpty()) {
                err << u"rankscope report: --out needs a file\n"_s;
                return 2;
            }
        } else if (option == u"--format"_s) {
            if (!value(formatName)) {
                err << u"rankscope report: --format needs a value\n"_s;
                return 2;
            }
        } else if (a == u"--redact"_s) {
            input.redact = true;
        } else if (option == u"--title"_s) {
            if (!value(input.title)) {
                err << u"rankscope report: --title needs a text\n"_s;
                return 2;
            }
        } else if (option == u"--notes"_s) {
            if (!value(notesPath)) {
                err << u"rankscope report: --notes needs a file\n"_s;
                return 2;
            }
        } else if (option == u"--compare"_s) {
            if (!value(comparePath) || comparePath.isEmpty()) {
                err << u"rankscope report: --compare needs the good run (a folder, log file or archive)\n"_s;
                return 2;
            }
        } else if (option == u"--bundle"_s) {
            if (!value(bundleDir) || bundleDir.isEmpty()) {
                err << u"rankscope report: --bundle needs the folder that holds the case's bundle\n"_s;
                return 2;
            }
        } else if (option == u"--tag"_s) {
            QString tag;
            if (!value(tag) || tag.isEmpty()) {
                err << u"rankscope report: --tag needs a value\n"_s;
                return 2;
            }
            input.annotations.tags.append(tag);
        } else if (a.startsWith(u"--"_s)) {
            err << u"rankscope report: unknown option "_s << a << u'\n' << usage();
            return 2;
        } else {
            paths.append(a);
        }
    }
    ingest::IngestConfig &config = ingestOptions.config;
    if (paths.isEmpty()) {
        err << u"rankscope report: no PATH given\n"_s << usage();
        return 2;
    }
    QString casePath;
    for (const QString &p : std::as_const(paths)) {
        if (isCaseFile(p)) {
            if (paths.size() > 1) {
                err << u"rankscope report: a case file ("_s << p
                    << u") stands for its whole bundle: give it alone, without other paths\n"_s;
                return 2;
            }
            casePath = p;
        }
    }

    std::optional<render::ReportFormat> format;
    if (!formatName.isEmpty()) {
        format = render::ReportWriter::formatFromName(formatName);
        if (!format) {
            err << u"rankscope report: unknown format '"_s << formatName
                << u"' (html, md, pdf, json, summary or trace)\n"_s;
            return 2;
        }
    } else if (!outPath.isEmpty() && outPath != u"-"_s) {
        format = render::ReportWriter::formatFromPath(outPath);
        if (!format) {
            err << u"rankscope report: cannot tell the format from '"_s << outPath
                << u"': use .html, .md, .pdf, .json, .trace.json or .txt, or give --format\n"_s;
            return 2;
        }
    }
    if (outPath.isEmpty()) {
        if (format != render::ReportFormat::Summary) {
            err << u"rankscope report: no --out FILE given\n"_s << usage();
            return 2;
        }
        outPath = u"-"_s;
    }
    if (outPath == u"-"_s && !format)
        format = render::ReportFormat::Summary;
    if (outPath == u"-"_s && (format == render::ReportFormat::Pdf || format == render::ReportFormat::Markdown)) {
        err << u"rankscope report: "_s << render::ReportWriter::formatName(*format)
            << u" needs a file (--out FILE): it is binary or comes with an image folder\n"_s;
        return 2;
    }
    if (!notesPath.isEmpty()) {
        QFile notes(notesPath);
        if (!notes.open(QIODevice::ReadOnly)) {
            err << u"rankscope report: cannot read notes "_s << notesPath << u": "_s << notes.errorString() << u'\n';
            return 2;
        }
        input.annotations.notes = QString::fromUtf8(notes.readAll());
    }
    if (!casePath.isEmpty()) {
        const QString extraNotes = input.annotations.notes;
        if (const int rc = applyCase(casePath, bundleDir, paths, config, input, err); rc != 0)
            return rc;
        if (!extraNotes.trimmed().isEmpty())
            input.annotations.notes = input.annotations.notes.trimmed().isEmpty()
                ? extraNotes
                : input.annotations.notes.trimmed() + u"\n\n"_s + extraNotes;
        if (paths.isEmpty()) {
            err << u"rankscope report: nothing readable: none of the files of "_s << casePath
                << u" is where the case says (open it in the workbench to locate the bundle)\n"_s;
            return 3;
        }
    }

    QTemporaryDir stdinDir;
    if (!spoolStandardInput(u"report"_s, paths, stdinDir, err))
        return 3;

    input.kb = ingestOptions.openEncyclopedia(err);
    input.result = ingestOptions.analyze(u"report"_s, paths, *input.kb, err);
    if (!input.result)
        return 3;
    if (!comparePath.isEmpty()) {
        input.goodRun = ingestOptions.analyze(u"report"_s, {comparePath}, *input.kb, err);
        if (!input.goodRun)
            return 3;
        input.goodName = comparePath;
        input.badName = casePath.isEmpty() ? paths.join(u", "_s) : casePath;
    }
    const render::ReportWriter writer(std::move(input));

    if (outPath == u"-"_s) {
        switch (*format) {
        case render::ReportFormat::Html:
            out << writer.html();
            break;
        case render::ReportFormat::Json:
            out << QString::fromUtf8(writer.json());
            break;
        case render::ReportFormat::Trace:
            out << QString::fromUtf8(writer.trace()) << u'\n';
            break;
        case render::ReportFormat::Summary:
        case render::ReportFormat::Markdown:
        case render::ReportFormat::Pdf:
            out << writer.summary();
            break;
        }
        return 0;
    }
    QString error;
    QStringList written;
    if (!writer.write(outPath, *format, &error, &written)) {
        err << u"rankscope report: "_s << error << u'\n';
        return 1;
    }
    for (const QString &f : std::as_const(written))
        out << u"Wrote "_s << f << u'\n';
    return 0;
}

} // namespace rankscope
