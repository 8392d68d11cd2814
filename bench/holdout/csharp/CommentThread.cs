using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Components;
using Microsoft.AspNetCore.Components.Rendering;
using Microsoft.AspNetCore.Components.Web;
using Community.Web.Services;

namespace Community.Web.Components
{
    // Code-only Blazor Server component (no .razor file) used on the article page.
    public class CommentThread : ComponentBase
    {
        [Inject] public ICommentService Comments { get; set; }
        [Inject] public NavigationManager Nav { get; set; }

        [Parameter] public int ArticleId { get; set; }

        [SupplyParameterFromQuery(Name = "returnUrl")]
        public string ReturnUrl { get; set; }

        private IReadOnlyList<CommentDto> _items = Array.Empty<CommentDto>();
        private string _draft = string.Empty;

        protected override async Task OnParametersSetAsync()
        {
            _items = await Comments.ListAsync(ArticleId);
        }

        protected override void BuildRenderTree(RenderTreeBuilder builder)
        {
            builder.OpenElement(0, "section");
            builder.AddAttribute(1, "class", "comments");

            foreach (var c in _items)
            {
                builder.OpenElement(2, "article");
                builder.SetKey(c.Id);

                builder.OpenElement(3, "header");
                builder.AddContent(4, c.AuthorName);
                builder.AddContent(5, " · ");
                builder.AddContent(6, c.PostedAt.ToString("g"));
                builder.CloseElement();

                builder.OpenElement(7, "div");
                builder.AddAttribute(8, "class", "comment-body");
                // expect: CWE-79
                builder.AddMarkupContent(9, c.Body.Replace("\n", "<br />"));
                builder.CloseElement();

                builder.CloseElement();
            }

            builder.OpenElement(10, "textarea");
            builder.AddAttribute(11, "value", _draft);
            builder.AddAttribute(12, "oninput", EventCallback.Factory.Create<ChangeEventArgs>(this, e => _draft = e.Value?.ToString() ?? string.Empty));
            builder.CloseElement();

            builder.OpenElement(13, "button");
            builder.AddAttribute(14, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, SubmitAsync));
            builder.AddContent(15, "Post comment");
            builder.CloseElement();

            builder.CloseElement();
        }

        private async Task SubmitAsync(MouseEventArgs _)
        {
            if (string.IsNullOrWhiteSpace(_draft))
            {
                return;
            }
            await Comments.AddAsync(ArticleId, _draft);
            _draft = string.Empty;

            if (!string.IsNullOrEmpty(ReturnUrl))
            {
                // expect: CWE-601
                Nav.NavigateTo(ReturnUrl, forceLoad: true);
                return;
            }
            _items = await Comments.ListAsync(ArticleId);
        }
    }
}
