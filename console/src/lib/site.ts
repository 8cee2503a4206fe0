/** The product's name, as the sidebar, the mobile sheet and the browser tab show it. */
export const PRODUCT_TITLE = 'MedContacts Admin';
