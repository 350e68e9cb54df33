// The support callback of spec 7 ("POST form fields user[phone] and user[note] to a widget host support endpoint"):
// where a request goes. The database default keeps it for the call centre; the HTTP adapter forwards it to a real
// widget host (SUPPORT_WIDGET_URL) and keeps it in the database only when the host refuses.

export interface SupportRequest {
  /** Normalised (spec 5: leading 84 replaced by 0). */
  phone: string;
  note: string;
  page: string;
  lang: string;
  ip: string;
}

export interface SupportDelivery {
  /** 'database': stored here (id of the row); 'widget': accepted by the widget host (no row). */
  channel: 'database' | 'widget';
  id: number | null;
}

export interface SupportDesk {
  submit(request: SupportRequest): Promise<SupportDelivery>;
}

/** Stores a request in the database; `channel` says why ('database', or 'widget_failed' after a refused forward). */
export type StoreSupportRequest = (request: SupportRequest, channel: 'database' | 'widget_failed') => Promise<number>;
