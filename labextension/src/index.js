/*
 * The Cribbage Course's JupyterLab extension: the responsive toolbars' "More commands" button, and the
 * Run and Kernel menus' ▶▶ items, in the learner's language.
 *
 * JupyterLab 4.6's ReactiveToolbar (every document's toolbar, the notebook's among them) makes its
 * overflow button, the "..." shown when the toolbar is narrower than its buttons (as on a phone), with
 * no translator: `this.popupOpener = new ToolbarPopupOpener()` in @jupyterlab/ui-components, whose
 * tooltip is then nullTranslator's English "More commands" (and its popup's accessible name
 * "Responsive popup toolbar") whatever the language pack says. This plugin gives each such toolbar it
 * meets the words of the learner's language pack, under JupyterLab's own messages (domain
 * "jupyterlab"), so the packs that translate them are the ones read.
 *
 * The same plugin gives the Run and Kernel menus' ▶▶ items their pack's own words: JupyterLab joins
 * their label from two commands' labels with the message "%1 and %2" (createSemanticCommand in
 * @jupyterlab/application), which reads "Reiniciar el núcleo… y Ejecutar todas las celdas" in Spanish,
 * the second capitalised; the packs translate the whole item ("Restart Kernel and Run All Cells…"),
 * which the plugin shows in place of exactly that joined label (the command registry's `label`, wrapped).
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
/** The ▶▶ items: the two labels JupyterLab joins, and the pack's message for the item whole. */
const JOINED = [
  ['Restart Kernel…', 'Run All Cells', 'Restart Kernel and Run All Cells…'],
  ['Restart Kernel…', 'Clear Outputs of All Cells', 'Restart Kernel and Clear Outputs of All Cells…']
];
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

/**
 * Two labels joined as JupyterLab joins a semantic command's (its "…" moved to the end).
 * @param {{__: (text: string, ...args: string[]) => string}} trans the learner's pack
 */
function joined(trans, first, second) {
  const ellipsis = /…$/.test(first) || /…$/.test(second) ? '…' : '';
  return trans.__('%1 and %2', first.replace(/…$/, ''), second.replace(/…$/, '') + ellipsis);
}

/**
 * The command registry's labels, but for the joined ▶▶ labels, which become the pack's whole message.
 * @param {import('@lumino/commands').CommandRegistry} commands the application's commands
 */
function wholeLabels(commands, trans) {
  const whole = new Map(JOINED.map(([first, second, item]) => [joined(trans, trans.__(first), trans.__(second)), trans.__(item)]));
  const label = commands.label.bind(commands);
  commands.label = (id, args) => {
    const text = label(id, args);
    return whole.has(text) ? whole.get(text) : text;
  };
}

/** @type {import('@jupyterlab/application').JupyterFrontEndPlugin<void>} */
const plugin = {
  id: 'cribbage-course-lab:translated-toolbar',
  description: 'The responsive toolbars\' "More commands" button, and the ▶▶ menu items, in the words of the language pack.',
  autoStart: true,
  requires: [ITranslator],
  optional: [INotebookTracker, ILabShell],
  activate: (app, translator, notebooks, labShell) => {
    const trans = translator.load('jupyterlab');
    wholeLabels(app.commands, trans);
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
