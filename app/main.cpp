// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"
#include "rankscopeconfig.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTextStream>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#ifdef RANKSCOPE_WITH_GUI
#include "guilauncher.h"
#include <QApplication>
#endif

using namespace Qt::StringLiterals;

static void setIdentity()
{
    QCoreApplication::setOrganizationName(u"RankScope"_s);
    QCoreApplication::setApplicationName(u"rankscope"_s);
    QCoreApplication::setApplicationVersion(QString::fromLatin1(RANKSCOPE_VERSION_STRING));
}

int main(int argc, char **argv)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));

#ifdef RANKSCOPE_WITH_GUI
    const bool headless = rankscope::CommandLine::isHeadless(args);
#else
    const bool headless = true;
#endif

    if (headless) {
        // Commands that paint (report) need fonts, hence a QGuiApplication; the rest run without.
        std::unique_ptr<QCoreApplication> app;
        if (rankscope::CommandLine::needsGuiApplication(args)) {
            rankscope::CommandLine::prepareHeadlessGui();
            app = std::make_unique<QGuiApplication>(argc, argv);
        } else {
            app = std::make_unique<QCoreApplication>(argc, argv);
        }
        setIdentity();
        // Versions are read after the application exists: the SQLite driver is a plugin.
        rankscope::CommandLine::Versions versions = rankscope::CommandLine::coreVersions();
#ifdef RANKSCOPE_WITH_GUI
        versions += rankscope::ui::GuiLauncher::libraryVersions();
#else
        versions += {{u"QCustomPlot"_s, u"not built"_s}, {u"KSyntaxHighlighting"_s, u"not built"_s}};
#endif
        QTextStream out(stdout);
        QTextStream err(stderr);
        const int code = rankscope::CommandLine::run(args, versions, out, err);
        // `analyze > file` on a full disk, `report --out - | head`: output that did not reach
        // its file is a failure, not exit 0 with truncated JSON.
        out.flush();
        const bool failed = out.status() != QTextStream::Ok || std::fflush(stdout) != 0 || std::ferror(stdout);
        if (failed) {
            err << u"rankscope: cannot write the output to standard output: "_s << QString::fromLocal8Bit(std::strerror(errno)) << u'\n';
            err.flush();
            return code == 0 ? 1 : code;
        }
        return code;
    }
#ifdef RANKSCOPE_WITH_GUI
    QApplication app(argc, argv);
    setIdentity();
    return rankscope::ui::GuiLauncher::run(app, args.mid(1));
#endif
}
