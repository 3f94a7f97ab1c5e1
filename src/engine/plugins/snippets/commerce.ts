/**
 * Markup snippets of the commerce formatters, in the template language. Each renders against the
 * value its formatter gives it; the markup matches the reference engine's output byte for byte.
 */

export const ADD_TO_CART_BUTTON =
  '{.var @content structuredContent}\n{.var @fieldsFormId @content.additionalFieldsFormId}\n{.var @fieldsForm @content.additionalFieldsForm}\n{.var @useCustom @content.useCustomAddButtonText}\n{.var @customButton @content.customAddButtonText}\n{.var @productType @content.productType}\n{.var @addToCartText localizedStrings.productAddToCartText}\n{.var @subscribeText localizedStrings.productSubscribeText}\n{.var @isSubscribable @content.isSubscribable}\n{.var @productSubscriptionOptions structuredContent.productSubscriptionOptions}\n{.var @subsOTPOptionsCount structuredContent.productSubscriptionOptions|count}\n{.eval @hasProductSubsOptionAndIsSubscribable = @subsOTPOptionsCount && @isSubscribable}\n\n<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary {.if @fieldsFormId && @fieldsForm}use-form{.end}" role="button" tabindex="0" data-dynamic-strings data-collection-id="{collectionId}" data-item-id="{id}" data-product-type="{@productType}" data-use-custom-label="{@useCustom}" {.if @isSubscribable}data-is-subscription="{@isSubscribable}" {.end}data-original-label="{.if @useCustom && @customButton}{@customButton|htmlattr}{.or}{.if @isSubscribable}{.if @subscribeText}{@subscribeText|htmlattr}{.or}Subscribe{.end}{.or}{.if @addToCartText}{@addToCartText|htmlattr}{.or}Add To Cart{.end}{.end}{.end}" {.if @fieldsFormId && @fieldsForm}data-form="{@fieldsForm|json|htmlattr}"{.end}{.if @hasProductSubsOptionAndIsSubscribable}data-subscription-option-id="{@productSubscriptionOptions.0.id}"{.end}>\n    <div class="sqs-add-to-cart-button-inner">{.if @useCustom && @customButton}{@customButton|htmltag}{.or}{.if @isSubscribable}{.if @subscribeText}{@subscribeText|htmltag}{.or}Subscribe{.end}{.or}{.if @addToCartText}{@addToCartText|htmltag}{.or}Add To Cart{.end}{.end}{.end}</div>\n  </div>\n</div>';

export const PRODUCT_CHECKOUT = '{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}';

export const PRODUCT_PRICE =
  '{.var @originalPriceText localizedStrings.originalPriceText}\n{.var @salePriceText localizedStrings.salePriceText}\n\n<div class="product-price">\n{.if formattedFromPrice}{fromText|message fromPrice:formattedFromPrice price:formattedFromPrice billingPeriodValue:billingPeriodValue duration:duration}\n{.or}{.if formattedSalePrice}<span class="visually-hidden v6-visually-hidden">{.if @salePriceText}{@salePriceText|htmltag}{.or}Sale Price:{.end}</span>{formattedSalePriceText|message price:formattedSalePrice billingPeriodValue:billingPeriodValue duration:duration}{.space}<span class="visually-hidden v6-visually-hidden">{.if @originalPriceText}{@originalPriceText|htmltag}{.or}Original Price:{.end}</span><span class="original-price">{formattedNormalPriceText|message price:formattedNormalPrice billingPeriodValue:billingPeriodValue duration:duration}</span>\n{.or}{.if formattedNormalPrice}{formattedNormalPriceText|message price:formattedNormalPrice billingPeriodValue:billingPeriodValue duration:duration}{.end}{.end}{.end}\n</div>';

export const RESTOCK_NOTIFICATION =
  '{.var @productId product.id}\n{.var @buttonText messages.buttonText}\n{.var @CTAText messages.CTAText}\n{.var @placeholderText messages.placeholderText}\n{.var @mailingListDescription messages.mailingListDescription}\n\n{.repeated section views}\n<div class="product-restock-notification" data-product-id="{@productId}" data-variant-id="{variantId}"{.if hiddenByDefault} hidden{.end}>\n  <span class="product-restock-cta">{@CTAText|htmltag}</span>\n  <form class="product-restock-form" action="#">\n    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="{@placeholderText|htmlattr}">\n    <input class="sqs-editable-button" type="submit" value="{@buttonText|htmlattr}">\n  </form>\n{.if mailingListSignUpEnabled}  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"{.if mailingListOptInByDefault} checked{.end}>{@mailingListDescription|htmltag}</label>{.end}\n{.if captchaSiteKey}  <div class="captcha-container"></div>{.end}\n</div>\n{.end}';

export const PRODUCT_SCARCITY =
  '{.repeated section scarcityTemplateViews}\n  <div class="product-scarcity"{.if attributes} data-variant-attributes="{attributes|json|htmltag}" hidden{.end}>\n    {scarcityText|message qtyInStock:qtyInStock|htmltag}\n  </div>\n{.end}';

export const QUANTITY_INPUT =
  '{.var @quantityLabel localizedStrings.productQuantityInputLabel}\n\n\n<div class="product-quantity-input" data-item-id="{id}" data-animation-role="content">\n  <div class="quantity-label">{.if @quantityLabel}{@quantityLabel}{.or}Quantity{.end}:</div>\n  <input aria-label="{.if @quantityLabel}{@quantityLabel}{.or}Quantity{.end}" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>';

export const SUBSCRIPTION_PRICE =
  '{.var @originalPriceText localizedStrings.originalPriceText}\n{.var @salePriceText localizedStrings.salePriceText}\n\n<div class="subscription-price">\n{.if formattedFromPrice}{fromText|message fromPrice:formattedFromPrice}\n{.or}{.if formattedSubscriptionSalePrice}<span class="visually-hidden v6-visually-hidden">{.if @salePriceText}{@salePriceText|htmltag}{.or}Sale Price:{.end}</span>{formattedSubscriptionSalePriceText|message price:formattedSubscriptionSalePrice}{.space}<span class="visually-hidden v6-visually-hidden">{.if @originalPriceText}{@originalPriceText|htmltag}{.or}Original Price:{.end}</span><span class="original-price">{formattedNormalSubscriptionPriceText|message price:formattedNormalSubscriptionPrice}</span>\n{.or}{.if formattedNormalSubscriptionPrice}{formattedNormalSubscriptionPriceText|message price:formattedNormalSubscriptionPrice}{.end}{.end}{.end}\n</div>';

export const SUMMARY_ADDRESS =
  '<div style="padding-left:5px;">\n  <div>{values.Line1}</div>{.if values.Line2}\n  <div>{values.Line2}</div>{.end}\n  <div>{values.City}, {values.State} {values.Zip} {values.Country}</div>\n</div>';

export const SUMMARY_CHECKBOX =
  '{.if values}{.repeated section values}{.greaterThan? @index 1}, {.end}{@}{.end}\n{.or}{.if value}{value}{.end}{.end}';

export const SUMMARY_DATE = '{values.Month}/{values.Day}/{values.Year}';

export const SUMMARY_LIKERT =
  '<div style="padding-left:5px;">{.repeated section @}\n  <div><span style="font-weight:bold;">{question}:</span> {answer}</div>{.end}\n</div>';

export const SUMMARY_NAME = '{values.First} {values.Last}';

export const SUMMARY_PHONE =
  '{.if values.Country}+{values.Country} {.end}{values.Areacode}-{values.Prefix}-{values.Line}';

export const SUMMARY_TIME =
  '{.if values.Hour}{values.Hour}{.or}00{.end}:{.if values.Minute}{values.Minute}{.or}00{.end}:{.if values.Second}{values.Second}{.or}00{.end} {values.Ampm}';

export const VARIANTS_SELECT =
  '{.if options}\n  {.var @content item.structuredContent}\n  {.var @variants @content.variants}\n  {.var @isSubscribable @content.isSubscribable}\n  {.var @subscriptionPlan @content.subscriptionPlan}\n\n  <div class="product-variants" data-item-id="{item.id}" data-variants="{@variants|json|htmltag}"{.if @isSubscribable} data-is-subscribable="true" data-subscription-plan="{@subscriptionPlan|json|htmltag}"{.end} data-animation-role="content">{.repeated section options}\n    <div class="variant-option">\n    <div class="variant-option-title">{displayText|message name:name|htmltag}: </div>\n    <div class="variant-select-wrapper">\n      <select aria-label="{selectText|message variantName:name}" data-variant-option-name="{name|htmltag}">\n        <option value="">{selectText|message variantName:name|htmltag}</option>\n        {.repeated section values}<option value="{@|htmltag}">{@|htmltag}</option>{.end}\n      </select>\n    </div>\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="{name|htmltag}">{.repeated section values}\n      <input type="radio" class="variant-radiobtn" value="{@|htmltag}" name="variant-option-{name|htmltag}" id="variant-option-{name|htmltag}-{@|htmltag}"/>\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-{name|htmltag}-{@|htmltag}">{@|htmltag}</label>{.end}\n    </div>\n    </div>{.end}\n  </div>\n{.end}';
