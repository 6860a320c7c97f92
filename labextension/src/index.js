/*
 * The Cribbage Course's JupyterLab extension: the responsive toolbars' "More commands" button in the
 * learner's language.
 *
 * JupyterLab 4.6's ReactiveToolbar (every document's toolbar, the notebook's among them) makes its
 * overflow button, the "..." shown when the toolbar is narrower than its buttons (as on a phone), with
 * no translator: `this.popupOpener = new ToolbarPopupOpener()` in @jupyterlab/ui-components, whose
 * tooltip is then nullTranslator's English "More commands" (and its popup's accessible name
 * "Responsive popup toolbar") whatever the language pack says. This plugin gives each such toolbar it
 * meets the words of the learner's language pack, under JupyterLab's own messages (domain
 * "jupyterlab"), so the packs that translate them are the ones read.
 *
 * The button keeps its props in a field TypeScript calls private (ToolbarButton's `props`): the one
 * place this reaches inside JupyterLab. Once JupyterLab passes its translator to the opener, the plugin
 * finds the words already translated and changes nothing. The browser tests (tests/browser/
 * test_open_by_width.py, test_lab_wholly_translated.py) read the tooltip in every language at 390 px.
 *
 * Built by `make labextension` (tools/labextension.py) into prebuilt/, which the package installs.
 */

import { ILabShell } from '@jupyterlab/application';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ITranslator } from '@jupyterlab/translation';
import { ReactiveToolbar } from '@jupyterlab/ui-components';

/** JupyterLab's own messages, as ToolbarPopupOpener and ToolbarPopup word them. */
const TOOLTIP = 'More commands';
const POPUP_LABEL = 'Responsive popup toolbar';
/** The areas of the shell whose widgets may have a responsive toolbar. */
const AREAS = ['main', 'left', 'right', 'down'];

/**
 * The toolbar's overflow button (and its popup) worded by `trans`.
 * @param {unknown} toolbar a widget's toolbar, if it has one
 * @param {{__: (text: string) => string}} trans the learner's pack, domain "jupyterlab"
 */
function translateOpener(toolbar, trans) {
  if (!(toolbar instanceof ReactiveToolbar) || !toolbar.popupOpener) {
    return;
  }
  const opener = toolbar.popupOpener;
  const tooltip = trans.__(TOOLTIP);
  if (opener.props && opener.props.tooltip !== tooltip) {
    opener.props = { ...opener.props, tooltip };
    opener.update();
  }
  if (opener.popup && opener.popup.node) {
    opener.popup.node.setAttribute('aria-label', trans.__(POPUP_LABEL));
  }
}

/** @type {import('@jupyterlab/application').JupyterFrontEndPlugin<void>} */
const plugin = {
  id: 'cribbage-course-lab:translated-toolbar',
  description: 'The responsive toolbars\' "More commands" button in the language of the language pack.',
  autoStart: true,
  requires: [ITranslator],
  optional: [INotebookTracker, ILabShell],
  activate: (app, translator, notebooks, labShell) => {
    const trans = translator.load('jupyterlab');
    if (notebooks) {
      notebooks.forEach(panel => translateOpener(panel.toolbar, trans));
      notebooks.widgetAdded.connect((_, panel) => translateOpener(panel.toolbar, trans));
    }
    // Any other widget of the shell with a responsive toolbar (a text editor, a console...).
    const everyToolbar = () => {
      for (const area of AREAS) {
        for (const widget of app.shell.widgets(area)) {
          translateOpener(widget.toolbar, trans);
        }
      }
    };
    if (labShell) {
      labShell.layoutModified.connect(everyToolbar);
    }
    void app.restored.then(everyToolbar);
  }
};

export default plugin;
