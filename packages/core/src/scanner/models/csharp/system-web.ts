import { defineModel } from '../schema.ts';

/** Classic ASP.NET WebForms: server controls whose values the client posts back (aliased to their types by the adapter). */
export default defineModel({
  name: 'system-web',
  language: 'csharp',
  sources: [
    {
      path: [
        'System.Web.UI.WebControls.{TextBox,HiddenField}.{Text,Value}',
        'System.Web.UI.WebControls.{DropDownList,ListBox,RadioButtonList}.{SelectedValue,Text}',
        'System.Web.UI.HtmlControls.{HtmlInputText,HtmlInputHidden,HtmlTextArea}.Value',
      ],
      kind: 'remote',
    },
  ],
});
