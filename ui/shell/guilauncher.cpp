// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "guilauncher.h"

#include "knowledgebase.h"
#include "libraryversions.h"
#include "mainwindow.h"
#include "sqlitesupport.h"
#include "themes.h"

#include <QApplication>
#include <QMessageBox>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

QList<QPair<QString, QString>> GuiLauncher::libraryVersions()
{
    return guiLibraryVersions();
}

int GuiLauncher::run(QApplication &app, const QStringList &paths)
{
    QApplication::setWindowIcon(QIcon(u":/icons/rankscope.svg"_s));
    QApplication::setDesktopFileName(u"org.rankscope.RankScope"_s);
    Themes::apply(app, Themes::fromString(QSettings().value(u"theme"_s).toString()));

    MainWindow window;
    Warnings kbWarnings;
    window.setKnowledgeBase(kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(),
                                                    kb::KnowledgeBase::defaultUserDir(), &kbWarnings));
    window.show();
    const QString sqliteProblem = SqliteSupport::problem();
    if (!sqliteProblem.isEmpty())
        QMessageBox::critical(&window, QObject::tr("RankScope cannot use SQLite"), sqliteProblem);
    if (!paths.isEmpty())
        window.openPaths(paths);
    return QApplication::exec();
}

} // namespace rankscope::ui
