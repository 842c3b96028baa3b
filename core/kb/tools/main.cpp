// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rankscope-kbc: the encyclopedia compiler run by the build. Validates every entry file with the
// same parser as `rankscope kb validate`, then writes encyclopedia.sqlite. Any problem is printed
// as "path:line: message" and fails the build; no database is left behind then.
#include "encyclopediastore.h"
#include "entryparser.h"
#include "sqlitesupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace rankscope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments().mid(1);

    const QString usage = u"Usage: rankscope-kbc [--strip-prefix DIR] --output FILE ENTRY.md...\n"_s;
    QString output;
    QString stripPrefix;
    QStringList files;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if ((a == u"--output"_s || a == u"-o"_s) && i + 1 < args.size()) {
            output = args.at(++i);
        } else if (a == u"--strip-prefix"_s && i + 1 < args.size()) {
            stripPrefix = args.at(++i);
        } else if (a.startsWith(u'-')) {
            err << usage;
            return 2;
        } else {
            files.append(a);
        }
    }
    if (output.isEmpty() || files.isEmpty()) {
        err << usage;
        return 2;
    }
    if (const QString problem = SqliteSupport::problem(); !problem.isEmpty()) {
        err << u"rankscope-kbc: "_s << problem << u'\n';
        return 1;
    }

    QFile::remove(output); // a failed build must not leave the previous database looking current
    Warnings problems;
    QList<kb::Entry> entries;
    for (const QString &f : std::as_const(files)) {
        kb::EntryParser::Result r = kb::EntryParser::parseFile(f);
        problems += r.warnings;
        if (r.entry)
            entries.append(std::move(*r.entry));
    }
    problems += kb::EntryParser::validateSet(entries);
    if (!problems.isEmpty()) {
        for (const Warning &w : std::as_const(problems))
            err << w.toString() << u'\n';
        err << u"rankscope-kbc: %1 problem(s) in the encyclopedia; %2 not written\n"_s.arg(problems.size()).arg(output);
        return 1;
    }

    // Paths relative to the source tree keep the shipped database free of build-machine paths.
    if (!stripPrefix.isEmpty()) {
        const QDir root(stripPrefix);
        for (kb::Entry &e : entries)
            e.sourcePath = root.relativeFilePath(e.sourcePath);
    }
    QString error;
    if (!kb::EncyclopediaStore::writeDatabase(output, entries, &error)) {
        err << u"rankscope-kbc: "_s << error << u'\n';
        return 1;
    }
    qsizetype fingerprints = 0;
    for (const kb::Entry &e : std::as_const(entries))
        fingerprints += e.fingerprints.size();
    out << u"rankscope-kbc: %1 entries, %2 fingerprints -> %3\n"_s.arg(entries.size()).arg(fingerprints).arg(output);
    return 0;
}
